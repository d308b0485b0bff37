import type { Db } from "@mithai/db/client";
import type { PromoApplyAnswer } from "@mithai/schema";
import { formatRupees, paiseToRupees } from "@mithai/schema";
import { fieldError } from "../errors";
import { pricedCart } from "../orders/checkout-cart";
import { discountedAmount, isDiscountMonthOrder } from "../orders/discount";
import { chooseDiscount } from "../orders/place";
import type { Limits } from "../limits";
import { withPromoGuessLimits } from "./guessing";
import { storeCartPromo } from "./cart-promo";
import { promoOffer } from "./promos";

/**
 * The cart's promo box (`POST /api/promo/apply`): what the code takes off the customer's server cart now. A code
 * that cannot be used is refused with the reason (400: unknown, not valid now, minimum not met; 409: used up or
 * already used by this customer; 429 past the guessing limits). When the month's ₹150 is larger, it applies instead and the answer says so.
 */
export async function applyPromo(
  { db, limits, ip }: { db: Db; limits: Limits; ip?: string },
  userId: string,
  code: string,
  now = new Date(),
): Promise<PromoApplyAnswer> {
  const cart = await pricedCart(db, userId);
  if (cart.items.length === 0) throw fieldError("CART_EMPTY", "code", "add sweets to your cart before applying a promo code");
  const offer = await withPromoGuessLimits({ limits, userId, ip }, code, () => promoOffer(db, code, userId, cart.subtotalPaise, now));
  // A code that can be used stays with the server cart (the order page shows it, a reload keeps it).
  await storeCartPromo(db, userId, offer.code);
  const monthlyPaise = (await isDiscountMonthOrder(db, userId, now)) ? discountedAmount(cart.subtotalPaise).discountPaise : 0;
  if (chooseDiscount(monthlyPaise, offer) !== "promo") {
    return {
      success: true,
      discount: paiseToRupees(monthlyPaise),
      code: offer.code,
      message: `Your ₹150 monthly discount is larger than ${offer.code}'s ${formatRupees(paiseToRupees(offer.discountPaise))}, so it applies instead (they do not stack)`,
    };
  }
  return { success: true, discount: paiseToRupees(offer.discountPaise), code: offer.code, message: `${offer.code} applied: ${formatRupees(paiseToRupees(offer.discountPaise))} off` };
}
