import { createRateLimiter } from "../rate-limit";

const MINUTE = 60_000;

/** Counts attempts per client address and per e-mail; either running out answers 429 with `message`. */
function createAttemptLimiter(options: { windowMs: number; perIp: number; perEmail: number; message: string }) {
  const byIp = createRateLimiter({ windowMs: options.windowMs, max: options.perIp, message: options.message });
  const byEmail = createRateLimiter({ windowMs: options.windowMs, max: options.perEmail, message: options.message });
  return {
    hit(ip: string, email: string): void {
      byIp.hit(ip);
      byEmail.hit(email);
    },
    reset(): void {
      byIp.reset();
      byEmail.reset();
    },
  };
}

/** The per-process limits on the account endpoints that attract guessing and abuse. */
export function createAccountLimits() {
  return {
    login: createAttemptLimiter({
      windowMs: 15 * MINUTE,
      perIp: 100,
      perEmail: 10,
      message: "Too many login attempts. Please wait 15 minutes and try again.",
    }),
    register: createAttemptLimiter({
      windowMs: 15 * MINUTE,
      perIp: 50,
      perEmail: 5,
      message: "Too many sign-up attempts. Please wait 15 minutes and try again.",
    }),
    forgotPassword: createAttemptLimiter({
      windowMs: 60 * MINUTE,
      perIp: 20,
      perEmail: 3,
      message: "Too many password reset requests. Please wait an hour and try again.",
    }),
  };
}

export type AccountLimits = ReturnType<typeof createAccountLimits>;
