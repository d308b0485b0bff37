import type { RateLimiterFactory } from "./rate-limit";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every rate limit of the shop, in one place (the README lists them). Keys: `ip` (the client's network:
 * networkOf, an IPv6 /64), `account` (the e-mail), `account+ip`, `customer` (user id). No limit counts per account alone in a way a stranger could use up:
 * a lock-out keyed by the e-mail would let anyone lock its owner out.
 */
export function createLimits(factory: RateLimiterFactory) {
  return {
    /** All login attempts from one address. */
    loginPerIp: factory.create({ name: "login-ip", points: 100, durationSeconds: 15 * MINUTE, message: "Too many login attempts. Please wait 15 minutes and try again." }),
    /** Wrong passwords for one account from one address; a successful login clears them. */
    loginFailuresPerAccountIp: factory.create({
      name: "login-fail-account-ip",
      points: 10,
      durationSeconds: 15 * MINUTE,
      message: "Too many wrong passwords for this account. Please wait 15 minutes or reset your password.",
    }),
    registerPerIp: factory.create({ name: "register-ip", points: 50, durationSeconds: 15 * MINUTE, message: "Too many sign-up attempts. Please wait 15 minutes and try again." }),
    forgotPasswordPerIp: factory.create({ name: "forgot-ip", points: 20, durationSeconds: HOUR, message: "Too many password reset requests. Please wait an hour and try again." }),
    forgotPasswordPerAccountIp: factory.create({ name: "forgot-account-ip", points: 3, durationSeconds: HOUR, message: "Too many password reset requests. Please wait an hour and try again." }),
    /**
     * A ceiling on the reset mails one inbox receives, far above what the owner needs. Past it the request is
     * answered as usual and no mail is sent (tryConsume), so strangers can never keep the owner from resetting.
     */
    forgotPasswordPerAccount: factory.create({ name: "forgot-account", points: 30, durationSeconds: HOUR, message: "Too many password reset requests. Please wait an hour and try again." }),
    resetPasswordPerIp: factory.create({ name: "reset-ip", points: 20, durationSeconds: 15 * MINUTE, message: "Too many password reset attempts. Please wait 15 minutes and try again." }),
    /** Password changes while signed in: each one checks the current password. */
    changePasswordPerCustomer: factory.create({ name: "change-password-customer", points: 10, durationSeconds: 15 * MINUTE, message: "Too many password change attempts. Please wait 15 minutes and try again." }),
    /** Each placement creates an order at the payment provider too. */
    placeOrderPerCustomer: factory.create({ name: "place-customer", points: 10, durationSeconds: MINUTE, message: "Too many checkout attempts. Please wait a minute and try again." }),
    /**
     * Promo codes tried (apply, the checkout preview, place): a point is taken before a new code is looked up and
     * given back when it can be used, so only failed codes count; trying the same code again counts once.
     */
    promoTriesPerCustomer: factory.create({ name: "promo-customer", points: 10, durationSeconds: 15 * MINUTE, message: "Too many promo codes tried. Please wait 15 minutes and try again." }),
    promoTriesPerIp: factory.create({ name: "promo-ip", points: 30, durationSeconds: 15 * MINUTE, message: "Too many promo codes tried from your network. Please wait 15 minutes and try again." }),
    /** Internal: whether a customer tried this code already in the window (a repeated code is not counted again). */
    promoCodeSeen: factory.create({ name: "promo-seen", points: 1, durationSeconds: 15 * MINUTE, message: "" }),
    reviewsPerCustomer: factory.create({ name: "review-customer", points: 5, durationSeconds: 10 * MINUTE, message: "You have posted several reviews just now. Please try again in a few minutes." }),
    /** A banner sends one call per visitor; far beyond that from one address is a script filling the table. */
    consentPerIp: factory.create({ name: "consent-ip", points: 10, durationSeconds: MINUTE, message: "Too many consent requests. Please try again in a minute." }),
  };
}

export type Limits = ReturnType<typeof createLimits>;
