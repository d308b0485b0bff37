import { withPromoGuessLimits } from "../promos/guessing";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "@mithai/db/sql";
import { preparedQuery, type Db } from "@mithai/db/client";
import { orders, type OrderItemSnapshot } from "@mithai/db/schema";
import { afterMove, moveOrderIn } from "../lifecycle/move";
import { expireOpenOrder, takeOpenOrderSlot } from "./open-order";
import { paymentStatusIn } from "../lifecycle/query";
import { type CheckoutPreview, CURRENCY, lineTotalPaise, MONTHLY_DISCOUNT_LARGER, paiseToRupees, type PlacedOrder, type PromoReason, shopMonth, stockShortMessage } from "@mithai/schema";
import type { PlaceOrderInput } from "@mithai/schema";
import type { ApiDeps } from "../context";
import { AppError, fieldError } from "../errors";
import { createProviderOrder } from "../payments/razorpay-client";
import { payOpenOrderIfPaid } from "../payments/reconciler";
import { deliveryForOrder, quoteDelivery } from "../delivery/zones";
import { keptPromoOffer } from "../promos/cart-promo";
import { promoOffer, type PromoOffer } from "../promos/promos";
import { reserveStock } from "../stock/stock";
import { checkoutBasis, pricedCart } from "./checkout-cart";
import { countPaidOrdersInMonth, discountedAmount, isDiscountMonthOrder, isDiscountOrderAfter } from "./discount";

/** Whether another order holds the month's discount slot: a paid one (an open one is expired by placing again). */
async function discountHeldElsewhere(db: Db, userId: string, month: string): Promise<boolean> {
  const [held] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.discountMonth, month), paymentStatusIn(["paid"])))
    .limit(1);
  return Boolean(held);
}

async function hasOpenOrder(db: Db, userId: string): Promise<boolean> {
  const [open] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, userId), paymentStatusIn(["pending"]))).limit(1);
  return Boolean(open);
}

/** Which discount an order gets: a promo code and the month's ₹150 never stack; the larger applies (₹150 on a tie). */
export function chooseDiscount(monthlyPaise: number, promo: PromoOffer | null): "monthly" | "promo" | "none" {
  if (promo && promo.discountPaise > monthlyPaise) return "promo";
  return monthlyPaise > 0 ? "monthly" : "none";
}

/**
 * The order page's summary: what `place` would charge right now, with delivery to `pincode` and `promoCode` when
 * given (a code that cannot be used is reported in `promoMessage`, not refused: the page shows why).
 */
export async function previewCheckout(
  deps: Pick<ApiDeps, "db" | "config" | "limits"> & { ip?: string },
  userId: string,
  options: { pincode?: string; promoCode?: string } = {},
  now = new Date(),
): Promise<CheckoutPreview> {
  const { db } = deps;
  const cart = await pricedCart(db, userId);
  const month = shopMonth(now);
  const monthlyEligible =
    cart.items.length > 0 && (await isDiscountMonthOrder(db, userId, now)) && !(await discountHeldElsewhere(db, userId, month));
  const monthlyPaise = monthlyEligible ? discountedAmount(cart.subtotalPaise).discountPaise : 0;
  let promo: PromoOffer | null = null;
  let promoMessage: string | null = null;
  let promoReason: PromoReason | null = null;
  if (options.promoCode && cart.items.length > 0) {
    try {
      const code = options.promoCode;
      promo = await withPromoGuessLimits({ limits: deps.limits, userId, ip: deps.ip }, code, () => promoOffer(db, code, userId, cart.subtotalPaise, now));
    } catch (error) {
      if (!(error instanceof AppError) || error.code === "RATE_LIMITED") throw error;
      promoMessage = error.fieldMessage;
      promoReason = error.code;
    }
  }
  const chosen = chooseDiscount(monthlyPaise, promo);
  const discountPaise = chosen === "promo" ? promo!.discountPaise : chosen === "monthly" ? monthlyPaise : 0;
  if (promo && chosen !== "promo") {
    promoMessage = `Your ₹150 monthly discount is larger than ${promo.code}, so it applies instead`;
    promoReason = MONTHLY_DISCOUNT_LARGER;
  }
  const quote = options.pincode ? await quoteDelivery(db, options.pincode, cart.subtotalPaise, now) : null;
  const deliveryCharge = quote?.serviceable ? quote.charge : 0;
  return {
    lines: cart.items.map((item) => ({
      _id: item.foodItemId,
      name: item.name,
      image: item.image,
      price: paiseToRupees(item.unitPricePaise),
      quantity: item.quantity,
      lineTotal: paiseToRupees(lineTotalPaise(item)),
      stockKg: item.stockKg,
      problem: item.stockKg !== null && item.quantity > item.stockKg ? stockShortMessage(item.name, item.stockKg) : null,
    })),
    subtotal: paiseToRupees(cart.subtotalPaise),
    discount: paiseToRupees(discountPaise),
    amount: paiseToRupees(cart.subtotalPaise - discountPaise) + deliveryCharge,
    discountApplied: chosen === "monthly",
    promoApplied: chosen === "promo" ? promo!.code : null,
    promoMessage,
    promoReason,
    deliveryCharge,
    delivery: quote,
    paymentMode: deps.config.payments.mode,
    whatsappMode: deps.config.whatsapp.mode,
  };
}

// Every column given, so the three kinds of order (monthly discount, promo code, neither) are one statement.
const insertOrder = preparedQuery((db) =>
  db
    .insert(orders)
    .values({
      id: sql.placeholder("id"),
      userId: sql.placeholder("userId"),
      items: sql.placeholder("items"),
      subtotalPaise: sql.placeholder("subtotalPaise"),
      discountPaise: sql.placeholder("discountPaise"),
      amountPaise: sql.placeholder("amountPaise"),
      address: sql.placeholder("address"),
      razorpayOrderId: sql.placeholder("razorpayOrderId"),
      deliveryChargePaise: sql.placeholder("deliveryChargePaise"),
      deliveryZone: sql.placeholder("deliveryZone"),
      discountApplied: sql.placeholder("discountApplied"),
      discountMonth: sql.placeholder("discountMonth"),
      promoCodeId: sql.placeholder("promoCodeId"),
      promoCode: sql.placeholder("promoCode"),
      notifyWhatsappTo: sql.placeholder("notifyWhatsappTo"),
      createdAt: sql.placeholder("createdAt"),
      updatedAt: sql.placeholder("updatedAt"),
    })
    .onConflictDoNothing()
    .returning()
    .prepare("place_order"),
);

/** The mobile an order's WhatsApp updates go to: the one given, else the delivery mobile; null without the opt-in. */
function whatsappRecipient(config: ApiDeps["config"], input: PlaceOrderInput): string | null {
  if (!input.notifyWhatsapp) return null;
  if (config.whatsapp.mode === "off") throw fieldError("VALIDATION", "notifyWhatsapp", "this shop does not send order updates on WhatsApp");
  return input.whatsappMobile ?? input.address.mobile;
}

/**
 * Thrown inside place's transaction when the month's ₹150 is no longer this order's: another order took it, or the
 * kept order it stood on was cancelled or refunded meanwhile. Nothing is kept; the order is placed again without it.
 */
class DiscountGone extends Error {}

/**
 * Creates the provider's order, then ours for it in one transaction: exactly the requested lines, or the server
 * cart when none are given, at current catalogue prices, plus delivery to the address's zone (an unserved
 * pincode is refused). In that transaction the promo code's last use is held (its row locked while uses are
 * counted) and the tracked items' stock is reserved, so neither is ever given twice. Our order id is chosen
 * first, so the provider's receipt names it; if the provider is unreachable nothing is stored. The month's
 * discount is claimed by the insert itself: the partial unique index lets only one pending or paid order per
 * customer and month carry it; the checkout that loses the race is placed again without it (with the promo
 * code's discount if one was given).
 */
export async function placeOrder(deps: ApiDeps & { ip?: string }, userId: string, input: PlaceOrderInput, now = new Date()): Promise<PlacedOrder> {
  const { address, items, promoCode } = input;
  const { db, config } = deps;
  const notifyWhatsappTo = whatsappRecipient(config, input);
  await deps.limits.placeOrderPerCustomer.consume(userId);
  const month = shopMonth(now);
  const basis = () =>
    checkoutBasis(db, userId, month, items).catch(async (error: unknown) => {
      // Short of stock as read: the customer's own open order may hold it, and placing again gives it back first (the
      // reservation under lock decides).
      if (!(error instanceof AppError && error.code === "STOCK_SHORT") || !(await hasOpenOrder(db, userId))) throw error;
      return checkoutBasis(db, userId, month, items, { checkStock: false });
    });
  let cart = await basis();
  // The open order this place would expire is paid instead if the provider took its payment (payments/reconciler.ts);
  // its payment took its lines out of the server cart, so the cart is read again (an empty one is refused).
  if (cart.openOrderId && (await payOpenOrderIfPaid(deps, cart.openOrderId, now))) cart = await basis();
  const delivery = await deliveryForOrder(db, address.pincode, cart.subtotalPaise);
  // The code named, checked strictly (and counted against guessing); else the one kept with the cart, if it still applies.
  const promo = promoCode
    ? await withPromoGuessLimits({ limits: deps.limits, userId, ip: deps.ip }, promoCode, () => promoOffer(db, promoCode, userId, cart.subtotalPaise, now))
    : await keptPromoOffer(db, cart.cartPromoCode, userId, cart.subtotalPaise, now);
  const monthlyPaise = isDiscountOrderAfter(cart.paidOrdersInMonth) ? discountedAmount(cart.subtotalPaise).discountPaise : 0;
  const lines: OrderItemSnapshot[] = cart.items.map(({ stockKg: _stockKg, ...line }) => line);

  const insert = async (chosen: "monthly" | "promo" | "none") => {
    const id = randomUUID();
    const discountPaise = chosen === "promo" ? promo!.discountPaise : chosen === "monthly" ? monthlyPaise : 0;
    const amountPaise = cart.subtotalPaise - discountPaise + delivery.chargePaise;
    const razorpayOrderId = await createProviderOrder({ config, db }, { id, amountPaise, currency: CURRENCY });
    return db.transaction(async (tx) => {
      // One open unpaid order per customer (orders/open-order.ts): the customer's row is locked and points at this
      // order; the previous open one expires, giving back its stock, promo use and discount slot.
      const previousId = await takeOpenOrderSlot(tx, userId, id);
      const expire = previousId ? expireOpenOrder(previousId) : null;
      const previous = expire ? { expire, moved: await moveOrderIn(tx, expire, now) } : null;
      // Counted again under the customer's row, which a cancel or refund of their orders also takes first
      // (lifecycle/query.ts lockOrderAndCustomer): the kept order read before may have been cancelled since.
      if (chosen === "monthly" && !isDiscountOrderAfter(await countPaidOrdersInMonth(tx, userId, month))) throw new DiscountGone();
      if (chosen === "promo") await promoOffer(tx, promo!.code, userId, cart.subtotalPaise, now, true);
      const reserved = await reserveStock(tx, lines);
      const [order] = await insertOrder(tx).execute({
        id,
        userId,
        items: reserved,
        subtotalPaise: cart.subtotalPaise,
        discountPaise,
        amountPaise,
        address,
        razorpayOrderId,
        deliveryChargePaise: delivery.chargePaise,
        deliveryZone: delivery.zone,
        discountApplied: chosen === "monthly",
        discountMonth: chosen === "monthly" ? month : null,
        promoCodeId: chosen === "promo" ? promo!.promoId : null,
        promoCode: chosen === "promo" ? promo!.code : null,
        notifyWhatsappTo,
        createdAt: now,
        updatedAt: now,
      });
      if (!order) throw new DiscountGone();
      return { order, reservedAny: reserved.some((line) => line.reserved), previous };
    });
  };

  const chosen = chooseDiscount(monthlyPaise, promo);
  let placed;
  try {
    placed = await insert(chosen);
  } catch (error) {
    if (!(error instanceof DiscountGone)) throw error;
    placed = await insert(promo && promo.discountPaise > 0 ? "promo" : "none");
  }
  const { order, reservedAny, previous } = placed;
  if (previous) await afterMove(deps, previous.expire, previous.moved);
  deps.metrics.orderMoved("placed");
  if (reservedAny) await deps.catalog.changed();

  return {
    success: true,
    orderId: order.id,
    razorpayOrderId: order.razorpayOrderId!,
    amount: order.amountPaise,
    currency: CURRENCY,
    key: config.payments.keyId,
    discountApplied: order.discountApplied,
    promoApplied: order.promoCode !== null,
    promoCode: order.promoCode,
    discount: paiseToRupees(order.discountPaise),
    deliveryCharge: paiseToRupees(order.deliveryChargePaise),
  };
}
