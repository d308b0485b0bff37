import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "@mithai/db/sql";
import type { Db } from "@mithai/db/client";
import { orders } from "@mithai/db/schema";
import { paiseToRupees } from "@mithai/schema/money";
import type { PlaceOrderInput } from "@mithai/schema/contracts/order";
import { CURRENCY, type CheckoutPreview, type PlacedOrder } from "@mithai/schema/order";
import type { ApiDeps } from "../context";
import { createProviderOrder } from "../payments/razorpay-client";
import { checkoutBasis, pricedCart } from "./checkout-cart";
import { discountedAmount, isDiscountMonthOrder, isDiscountOrderAfter, kolkataMonth } from "./discount";

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
 * Creates the provider's order, then our pending order for it in one insert: exactly the requested lines,
 * or the server cart when none are given, at current catalogue prices. Our order id is chosen first, so the provider's receipt names it; if the provider is
 * unreachable nothing is stored. The month's discount is claimed by the insert itself: the partial unique
 * index lets only one pending or paid order per customer and month carry it, so concurrent checkouts cannot
 * both get it; the one that loses is placed at the full price (with a provider order for that amount).
 */
export async function placeOrder(deps: ApiDeps, userId: string, { address, items }: PlaceOrderInput, now = new Date()): Promise<PlacedOrder> {
  const { db, config } = deps;
  await deps.limits.placeOrderPerCustomer.consume(userId);
  const month = kolkataMonth(now);
  const cart = await checkoutBasis(db, userId, month, items);
  const id = randomUUID();
  const base = { id, userId, items: cart.items, subtotalPaise: cart.subtotalPaise, address, createdAt: now, updatedAt: now };
  const priced = async (amounts: { discountPaise: number; amountPaise: number }) => ({
    ...base,
    ...amounts,
    razorpayOrderId: await createProviderOrder(config, { id, amountPaise: amounts.amountPaise, currency: CURRENCY }),
  });

  let [order] = isDiscountOrderAfter(cart.paidOrdersInMonth)
    ? await db
        .insert(orders)
        .values({ ...(await priced(discountedAmount(cart.subtotalPaise))), discountApplied: true, discountMonth: month })
        .onConflictDoNothing()
        .returning()
    : [];
  order ??= (await db.insert(orders).values(await priced({ discountPaise: 0, amountPaise: cart.subtotalPaise })).returning())[0]!;

  return {
    success: true,
    orderId: order.id,
    razorpayOrderId: order.razorpayOrderId!,
    amount: order.amountPaise,
    currency: CURRENCY,
    key: config.payments.keyId,
    discountApplied: order.discountApplied,
  };
}
