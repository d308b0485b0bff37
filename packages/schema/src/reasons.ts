/**
 * Reason codes: why the shop refused or could not do something, as a stable name beside the English message. REST
 * answers carry it as `code`, tRPC errors as `error.data.code`; clients, tools and translations act on the code, never
 * on the sentence. Upper snake case, stable once published (shared/DECISIONS.md "The order's life" lists the first
 * ones); new codes are added here, with the HTTP status they answer.
 */
export const REASON_HTTP_STATUS = {
  /** A request that does not fit the contract (a field named in the message and in `errors`). */
  VALIDATION: 400,
  /** No valid sign-in (missing, expired or revoked token). */
  UNAUTHENTICATED: 401,
  /** Signed in, but not allowed (an admin-only call, admin registration closed). */
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** Too many attempts of one kind from one network or for one account; wait and try again. */
  RATE_LIMITED: 429,
  /** The order (or refund) is not in a state that allows this move. */
  TRANSITION_NOT_ALLOWED: 409,
  /** Less of a sweet left than was asked for. */
  STOCK_SHORT: 409,
  /** A sweet that is not on the menu any more. */
  ITEM_GONE: 400,
  /** A sweet's price went up since the order was placed (a late payment is then refunded). */
  PRICE_CHANGED: 409,
  /** A promo code that does not exist or is switched off. */
  PROMO_INVALID: 400,
  /** A promo code whose first day has not come yet. */
  PROMO_NOT_STARTED: 400,
  PROMO_EXPIRED: 400,
  /** Every use of a promo code is taken. */
  PROMO_USED_UP: 409,
  /** This customer has used a promo code as often as it allows. */
  PROMO_ALREADY_USED: 409,
  /** The cart's subtotal is below what a promo code needs. */
  PROMO_MIN_SUBTOTAL: 400,
  /** The month's ₹150 discount is held by another of the customer's orders. */
  DISCOUNT_TAKEN: 409,
  /**
   * The month's ₹150 discount an unpaid order carries is no longer earned: the earlier kept order it stood on was
   * cancelled or refunded meanwhile (a late payment for it is then refunded in full).
   */
  DISCOUNT_NOT_EARNED: 409,
  /** No delivery zone covers the PIN code. */
  NOT_SERVICEABLE: 400,
  /** Cancelling online is past its window after payment (or switched off). */
  CANCEL_WINDOW_PASSED: 409,
  /** A refund larger than what is left of the payment. */
  REFUND_EXCEEDS_PAID: 409,
  /** A payment's signature or amount does not match the order. */
  PAYMENT_NOT_VERIFIED: 400,
  PAYMENT_DECLINED: 402,
  /** The payment service failed or did not answer. */
  PROVIDER_UNAVAILABLE: 502,
  /** The picture store failed or did not answer. */
  STORAGE_UNAVAILABLE: 503,
  /** The shop's database is not answering (restarting, unreachable): try again in a moment. */
  DATABASE_UNAVAILABLE: 503,
  CART_EMPTY: 400,
  /** A cart line or the cart itself is at its limit (100 kg a line, 50 lines). */
  CART_FULL: 400,
  /** An order above what can be paid online. */
  ORDER_TOO_LARGE: 400,
  EMAIL_TAKEN: 409,
  /** Wrong e-mail or password (also a wrong current password when changing it). */
  BAD_CREDENTIALS: 401,
  RESET_LINK_INVALID: 400,
  /** A signed-in customer changing their password gave a wrong current one (not a sign-in failure: no 401). */
  CURRENT_PASSWORD_WRONG: 400,
  /** A name that must be unique (a slug, a promo code) is taken. */
  ALREADY_EXISTS: 409,
  /** A request sent with an Idempotency-Key that an earlier request with the same key is still carrying out. */
  IDEMPOTENCY_KEY_IN_USE: 409,
  /** A limit on how many of something one may keep (saved addresses). */
  LIMIT_REACHED: 400,
  /** A real path asked with a method it does not take (the answer's `allow` header lists those it does). */
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A backup could not be written (the folder is missing, not writable or full; pg_dump failed): the message says which. */
  BACKUP_FAILED: 500,
  /** Something this installation is not set up for (webhooks without their secret). */
  NOT_CONFIGURED: 503,
  /** An unexpected failure on the shop's side; the answer carries the request id to quote. */
  INTERNAL: 500,
} as const satisfies Record<string, number>;

export type ReasonCode = keyof typeof REASON_HTTP_STATUS;

export const REASON_CODES = Object.keys(REASON_HTTP_STATUS) as ReasonCode[];

export function isReasonCode(value: unknown): value is ReasonCode {
  return typeof value === "string" && Object.hasOwn(REASON_HTTP_STATUS, value);
}

/** The reason code for an HTTP status that came without one (a framework's own refusal). */
export function reasonOfStatus(status: number): ReasonCode {
  switch (status) {
    case 401:
      return "UNAUTHENTICATED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 405:
      return "METHOD_NOT_ALLOWED";
    case 413:
      return "PAYLOAD_TOO_LARGE";
    case 415:
      return "UNSUPPORTED_MEDIA_TYPE";
    case 429:
      return "RATE_LIMITED";
    default:
      return status >= 500 ? "INTERNAL" : "VALIDATION";
  }
}
