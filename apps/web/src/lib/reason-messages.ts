import { t } from "@lingui/core/macro";
import type { ReasonCode } from "@mithai/schema";

/**
 * A refusal in the customer's language, chosen by its reason code (packages/schema/src/reasons.ts); undefined for a code the
 * storefront has no sentence for (the caller falls back to the server's). `field` names a refused field in the language.
 */
export function reasonMessage(code: ReasonCode, field?: string): string | undefined {
  switch (code) {
    case "VALIDATION":
      return field ? t`Please check ${field}.` : t`Please check what you entered.`;
    case "UNAUTHENTICATED":
      return t`Please sign in again.`;
    case "FORBIDDEN":
      return t`You are not allowed to do this.`;
    case "NOT_FOUND":
      return t`We could not find this.`;
    case "RATE_LIMITED":
      return t`Too many attempts. Please wait a little and try again.`;
    case "TRANSITION_NOT_ALLOWED":
      return t`This order cannot be changed that way now.`;
    case "STOCK_SHORT":
      return t`Not enough of this sweet is left for that quantity.`;
    case "ITEM_GONE":
      return t`This sweet is no longer on the menu.`;
    case "PRICE_CHANGED":
      return t`A price changed since you placed the order. Please check your cart.`;
    case "PROMO_INVALID":
      return t`This promo code is not valid.`;
    case "PROMO_NOT_STARTED":
      return t`This promo code cannot be used yet.`;
    case "PROMO_EXPIRED":
      return t`This promo code has expired.`;
    case "PROMO_USED_UP":
      return t`This promo code has been fully used.`;
    case "PROMO_ALREADY_USED":
      return t`You have already used this promo code.`;
    case "PROMO_MIN_SUBTOTAL":
      return t`Your cart total is below what this promo code needs.`;
    case "DISCOUNT_TAKEN":
      return t`This month's discount is already used by another of your orders.`;
    case "DISCOUNT_NOT_EARNED":
      return t`This month's discount no longer applies: the earlier order it relied on was cancelled.`;
    case "NOT_SERVICEABLE":
      return t`Sorry, we do not deliver to this PIN code yet.`;
    case "CANCEL_WINDOW_PASSED":
      return t`This order can no longer be cancelled online.`;
    case "PAYMENT_NOT_VERIFIED":
      return t`We could not confirm this payment.`;
    case "PAYMENT_DECLINED":
      return t`The payment was declined.`;
    case "PROVIDER_UNAVAILABLE":
      return t`The payment service is not answering. Please try again in a moment.`;
    case "DATABASE_UNAVAILABLE":
      return t`The shop is busy for a moment. Please try again.`;
    case "CART_EMPTY":
      return t`Your cart is empty.`;
    case "CART_FULL":
      return t`Your cart is full: at most 100 kg of a sweet and 50 sweets.`;
    case "ORDER_TOO_LARGE":
      return t`This order is too large to pay online.`;
    case "EMAIL_TAKEN":
      return t`An account with this e-mail already exists.`;
    case "BAD_CREDENTIALS":
      return t`Wrong e-mail or password.`;
    case "RESET_LINK_INVALID":
      return t`This reset link is not valid any more. Please ask for a new one.`;
    case "CURRENT_PASSWORD_WRONG":
      return t`Your current password is not right.`;
    case "LIMIT_REACHED":
      return t`You have reached the limit for this.`;
    default:
      return undefined;
  }
}

/** A refused field's name in the customer's language, from its path ("address.pincode"); the path itself when unknown. */
export function fieldName(path: string): string {
  switch (path.split(".").pop()) {
    case "name":
      return t`your name`;
    case "email":
      return t`the e-mail`;
    case "password":
    case "newPassword":
      return t`the password`;
    case "currentPassword":
      return t`the current password`;
    case "phoneNumber":
    case "mobile":
      return t`the mobile number`;
    case "pincode":
      return t`the PIN code`;
    case "street":
    case "addressLine1":
    case "address":
      return t`the address`;
    case "city":
      return t`the city`;
    case "state":
      return t`the state`;
    case "country":
      return t`the country`;
    case "code":
      return t`the promo code`;
    case "quantity":
      return t`the quantity`;
    case "review":
      return t`the review`;
    case "rating":
      return t`the rating`;
    default:
      return path;
  }
}
