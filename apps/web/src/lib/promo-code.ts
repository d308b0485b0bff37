/** The promo code applied in the cart, carried to the order page for this visit (the server checks it again there). */
const KEY = "promoCode";

export function getAppliedPromoCode(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setAppliedPromoCode(code: string | null): void {
  try {
    if (code) sessionStorage.setItem(KEY, code);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the code simply is not carried over.
  }
}
