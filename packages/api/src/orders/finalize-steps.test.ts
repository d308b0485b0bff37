import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "@mithai/db/sql";
import { orderStatusChanges, orders } from "@mithai/db/schema";
import { ORDER_RECEIVED } from "@mithai/schema";
import { openFinalizeTestDb } from "../payments/finalize-testing";

describe("finalisation steps: status history and the discount count", () => {
  let db: Awaited<ReturnType<typeof openFinalizeTestDb>>;
  beforeAll(async () => {
    db = await openFinalizeTestDb(1);
  });
  afterAll(() => db.handle.close());

  it("starts the timeline with Order Recieved, by the payment itself, once", async () => {
    const order = await db.pendingOrder(await db.customer(), [1]);
    await db.pay(order);
    await db.pay(order);
    expect(await db.handle.db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id))).toMatchObject([{ status: ORDER_RECEIVED, changedBy: null }]);
  });

  it("answers the customer's KEPT orders paid earlier this month: a cancelled one does not count", async () => {
    const userId = await db.customer();
    const first = await db.pendingOrder(userId, [1]);
    expect(await db.pay(first)).toMatchObject({ paidEarlierThisMonth: 0 });
    expect(await db.pay(await db.pendingOrder(userId, [1]))).toMatchObject({ paidEarlierThisMonth: 1 });
    await db.handle.db.update(orders).set({ status: "Cancelled" }).where(eq(orders.id, first.id));
    expect(await db.pay(await db.pendingOrder(userId, [1]))).toMatchObject({ paidEarlierThisMonth: 1 });
  });
});
