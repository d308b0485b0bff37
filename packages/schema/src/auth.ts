/** Account facts shared by server and browser (no zod here). */
export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Browser storage keys (SPEC §3). */
export const STORAGE_KEYS = {
  token: "token",
  guestCart: "guestCart",
  preLoginCart: "preLoginCart",
  redirectAfterLogin: "redirectAfterLogin",
  adminToken: "adminToken",
  adminLoginTime: "adminLoginTime",
  cookieConsent: "cookieConsent",
} as const;
