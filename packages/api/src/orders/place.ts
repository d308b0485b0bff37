import { and, eq, inArray } from "@mithai/db/sql";
import type { Db } from "@mithai/db/client";
import { orders } from "@mithai/db/schema";
import { paiseToRupees } from "@mithai/schema/money";
import { CURRENCY, type CheckoutPreview, type DeliveryAddressInput, type PlacedOrder } from "@mithai/schema/order";
import type { ApiDeps } from "../context";
import { createProviderOrder } from "../payments/razorpay-client";
import { createRateLimiter } from "../rate-limit";
import { pricedCart, requireNonEmptyCart } from "./checkout-cart";
import { discountedAmount, isDiscountMonthOrder, kolkataMonth } from "./discount";

// Each placement creates an order at the provider too: a customer gets a handful a minute (per process).
const placementLimiter = createRateLimiter({ windowMs: 60_000, max: 10, message: "Too many checkout attempts. Please wait a minute and try again." });

async function discountHeldElsewhere(db: Db, userId: string, month: string): Promise<boolean> {
  const [held] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.discountMonth, month), inArray(orders.paymentStatus, ["pending", "paid"])))
    .limit(1);
  return Boolean(held);
}

/** The order page's summary: what `place` would charge right now. */
export async function previewCheckout(deps: Pick<ApiDeps, "db" | "config">, userId: string, now = new Date()): Promise<CheckoutPreview> {
  const { db } = deps;
  const cart = await pricedCart(db, userId);
  const month = kolkataMonth(now);
  const discountApplied =
    cart.items.length > 0 && (await isDiscountMonthOrder(db, userId, now)) && !(await discountHeldElsewhere(db, userId, month));
  const { discountPaise, amountPaise } = discountApplied ? discountedAmount(cart.subtotalPaise) : { discountPaise: 0, amountPaise: cart.subtotalPaise };
  return {
    lines: cart.items.map((item) => ({
      _id: item.foodItemId,
      name: item.name,
      image: item.image,
      price: paiseToRupees(item.unitPricePaise),
      quantity: item.quantity,
      lineTotal: paiseToRupees(item.unitPricePaise * item.quantity),
    })),
    subtotal: paiseToRupees(cart.subtotalPaise),
    discount: paiseToRupees(discountPaise),
    amount: paiseToRupees(amountPaise),
    discountApplied,
    paymentMode: deps.config.payments.mode,
  };
}

/**
 * Creates a pending order from the server cart at current prices, then the provider's order for it.
 * The month's discount is claimed by the insert itself: the partial unique index lets only one pending or
 * paid order per customer and month carry it, so concurrent checkouts cannot both get it.
 */
export async function placeOrder(deps: ApiDeps, userId: string, address: DeliveryAddressInput, now = new Date()): Promise<PlacedOrder> {
  const { db, config } = deps;
  placementLimiter.hit(userId);
  const cart = await requireNonEmptyCart(db, userId);
  const month = kolkataMonth(now);

  const base = { userId, items: cart.items, subtotalPaise: cart.subtotalPaise, address, createdAt: now, updatedAt: now };
  let [order] = (await isDiscountMonthOrder(db, userId, now))
    ? await db
        .insert(orders)
        .values({ ...base, ...discountedAmount(cart.subtotalPaise), discountApplied: true, discountMonth: month })
        .onConflictDoNothing()
        .returning()
    : [];
  order ??= (await db.insert(orders).values({ ...base, discountPaise: 0, amountPaise: cart.subtotalPaise }).returning())[0]!;

  let razorpayOrderId: string;
  try {
    razorpayOrderId = await createProviderOrder(config, { id: order.id, amountPaise: order.amountPaise, currency: CURRENCY });
  } catch (error) {
    // Nobody can pay an order the provider does not know: fail it so it holds no discount.
    await db.update(orders).set({ paymentStatus: "failed", updatedAt: new Date() }).where(eq(orders.id, order.id));
    throw error;
  }
  await db.update(orders).set({ razorpayOrderId, updatedAt: new Date() }).where(eq(orders.id, order.id));

  return {
    success: true,
    orderId: order.id,
    razorpayOrderId,
    amount: order.amountPaise,
    currency: CURRENCY,
    key: config.payments.keyId,
    discountApplied: order.discountApplied,
  };
}
