import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { orders, refunds } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { shopMonth, type STORED_ORDER_STATUSES } from "@mithai/schema";
import { appErrorOf, createTestContext, insertPendingOrder } from "../testing";
import { listCustomerOrders } from "../orders/history";
import { CANCEL_REFUNDS_NOTHING, cancelOrder } from "./cancel";

/**
 * A customer's cancel at the service boundary: each refusal, with nothing changed. (The cancel that goes through,
 * refund and all, is tested over HTTP in apps/server/src/checkout/refunds.test.ts.)
 */
describe("cancelling an order: what is refused", () => {
  let database: DbHandle;
  let itemId: string;
  beforeAll(async () => {
    database = await createTestDb();
    itemId = (await insertTestFoodItems(database.db, 1))[0]!;
  });
  afterAll(() => database.close());

  const paidOrder = async (minutesAgo: number, status: (typeof STORED_ORDER_STATUSES)[number] = "Order Recieved") => {
    const userId = await insertTestUser(database.db);
    const order = await insertPendingOrder(database.db, userId, itemId, 2, { paymentStatus: "paid", status, paidAt: new Date(Date.now() - minutesAgo * 60_000) });
    return { userId, orderId: order.id };
  };
  const unchanged = async (orderId: string, status: string) => {
    const [row] = await database.db.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId));
    expect(row).toEqual({ status, paymentStatus: "paid" });
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
  };

  it("after the cancel window (60 minutes in the test settings)", async () => {
    const { userId, orderId } = await paidOrder(61);
    const refused = await appErrorOf(cancelOrder(createTestContext(database.db), userId, orderId));
    expect(refused).toMatchObject({ code: "CANCEL_WINDOW_PASSED", message: expect.stringContaining("within 60 minutes") });
    await unchanged(orderId, "Order Recieved");
  });

  it("once the kitchen has started", async () => {
    const { userId, orderId } = await paidOrder(5, "Food Processing");
    expect((await appErrorOf(cancelOrder(createTestContext(database.db), userId, orderId))).code).toBe("TRANSITION_NOT_ALLOWED");
    await unchanged(orderId, "Food Processing");
  });

  it("someone else's order, as if it did not exist", async () => {
    const { orderId } = await paidOrder(5);
    const stranger = await insertTestUser(database.db, "Stranger");
    expect((await appErrorOf(cancelOrder(createTestContext(database.db), stranger, orderId))).code).toBe("NOT_FOUND");
    await unchanged(orderId, "Order Recieved");
  });

  it("an order whose whole refund the clawback would keep back: refused with nothing changed, and My Orders shows all that is left kept back", async () => {
    // ₹125 paid (1.25 kg); a later discounted order of the month relied on it for ₹150 (model.test.ts found it).
    const userId = await insertTestUser(database.db);
    const paidAt = new Date(Date.now() - 60_000);
    const order = await insertPendingOrder(database.db, userId, itemId, 1.25, { paymentStatus: "paid", status: "Order Recieved", paidAt, paymentId: "pay_clawback_all" });
    await insertPendingOrder(database.db, userId, itemId, 2, { paymentStatus: "paid", status: "Order Recieved", paidAt: new Date(), discountApplied: true, discountMonth: shopMonth(paidAt), discountPaise: 15_000, amountPaise: 5_000 });

    const refused = await appErrorOf(cancelOrder(createTestContext(database.db), userId, order.id));
    expect(refused).toMatchObject({ code: "TRANSITION_NOT_ALLOWED", message: CANCEL_REFUNDS_NOTHING });
    await unchanged(order.id, "Order Recieved");
    // What My Orders shows before the customer would confirm: all that is left kept back, never more.
    const mine = await listCustomerOrders(database.db, userId);
    expect(mine.find((row) => row._id === order.id)).toMatchObject({ amount: 125, refundedAmount: 0, cancelClawback: 125 });
  });

  it("any order when cancelling online is off (a window of 0 minutes)", async () => {
    const { userId, orderId } = await paidOrder(1);
    const ctx = createTestContext(database.db);
    const refused = await appErrorOf(cancelOrder({ ...ctx, config: { ...ctx.config, cancelWindowMinutes: 0 } }, userId, orderId));
    expect(refused).toMatchObject({ code: "CANCEL_WINDOW_PASSED", message: expect.stringContaining("cannot be cancelled online") });
    await unchanged(orderId, "Order Recieved");
  });
});
