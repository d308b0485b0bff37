import { randomUUID } from "node:crypto";
import { orders } from "@mithai/db/schema";
import { insertTestUser } from "@mithai/db/testing";
import { openDomainTestDb } from "../testing";
import { finalizePaid } from "./finalize";

/**
 * For the finalisation steps' own tests (beside each step): a database with items, and a way to pay a pending order
 * through `finalizePaid`, so each step is tested in the one statement it runs in.
 */
export async function openFinalizeTestDb(items = 2) {
  const opened = await openDomainTestDb(items);
  const { handle, ctx, itemIds } = opened;
  async function pendingOrder(userId: string, kilos: number[], extra: Partial<typeof orders.$inferInsert> = {}) {
    const items = kilos.map((quantity, index) => ({ foodItemId: itemIds[index]!, name: `Test Sweet ${index}`, quantity, unitPricePaise: 10_000, image: "test.webp" }));
    const subtotalPaise = items.reduce((sum, item) => sum + item.quantity * item.unitPricePaise, 0);
    const [order] = await handle.db
      .insert(orders)
      .values({
        userId,
        items,
        subtotalPaise,
        amountPaise: subtotalPaise,
        address: { fullName: "Asha Rao", email: "delivery-contact@example.in", street: "9 Lake Road", city: "Kolkata", state: "West Bengal", pincode: "700029", country: "India", mobile: "9830012345" },
        razorpayOrderId: `order_${randomUUID().replaceAll("-", "").slice(0, 14)}`,
        ...extra,
      })
      .returning();
    return order!;
  }
  async function pay(order: { razorpayOrderId: string | null; amountPaise: number }) {
    return finalizePaid(ctx, order.razorpayOrderId!, { paymentId: `pay_${randomUUID().replaceAll("-", "").slice(0, 14)}`, amountPaise: order.amountPaise, source: "webhook" });
  }
  const customer = () => insertTestUser(handle.db);
  return { ...opened, pendingOrder, pay, customer };
}
