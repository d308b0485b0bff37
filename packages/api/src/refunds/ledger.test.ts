import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { orders, refunds } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { shopMonth, type STORED_ORDER_STATUSES } from "@mithai/schema";
import { appErrorOf, insertPendingOrder } from "../testing";
import { NothingLeftToRefund, recordRefund, refundedPaise, refundMessage, type RefundRequest, type RefundRow } from "./ledger";

/**
 * The refund ledger at the service boundary (the provider's half is in provider-sync, the whole journey over HTTP in
 * apps/server/src/checkout/refunds.test.ts): what a refund may take, what it records, and what it moves.
 */
describe("the refund ledger", () => {
  let database: DbHandle;
  let itemId: string;
  beforeAll(async () => {
    database = await createTestDb();
    itemId = (await insertTestFoodItems(database.db, 1))[0]!;
  });
  afterAll(() => database.close());

  /** A paid order of 2 kg at ₹100 a kg: ₹200 paid. */
  const paidOrder = async (status: (typeof STORED_ORDER_STATUSES)[number] = "Order Recieved", extra: Parameters<typeof insertPendingOrder>[4] = {}) => {
    const userId = await insertTestUser(database.db);
    const order = await insertPendingOrder(database.db, userId, itemId, 2, { paymentStatus: "paid", status, paidAt: new Date(), paymentId: `pay_${Math.random().toString(36).slice(2, 16)}`, ...extra });
    return order.id;
  };
  const record = (request: Partial<RefundRequest> & { orderId: string }) => database.db.transaction((tx) => recordRefund(tx, { reason: "test", requestedBy: null, ...request }));
  const rowsOf = (orderId: string) => database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const statusOf = async (orderId: string) => (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;

  it("records a part refund pending, and refuses more than is left, recording nothing", async () => {
    const orderId = await paidOrder();
    const first = await record({ orderId, amountPaise: 5_000 });
    expect(first).toMatchObject({ fresh: true, cancelled: false, row: { amountPaise: 5_000, status: "pending", clawbackPaise: 0 } });
    const refused = await appErrorOf(record({ orderId, amountPaise: 15_001 }));
    expect(refused).toMatchObject({ code: "REFUND_EXCEEDS_PAID", message: expect.stringContaining("At most ₹150") });
    expect(await rowsOf(orderId)).toHaveLength(1);
    expect(await statusOf(orderId)).toBe("Order Recieved");
  });

  it("the rest by default: everything left, and a fully refunded order is Cancelled; then nothing is left", async () => {
    const orderId = await paidOrder();
    await record({ orderId, amountPaise: 5_000 });
    const rest = await record({ orderId });
    expect(rest).toMatchObject({ fresh: true, cancelled: true, row: { amountPaise: 15_000 } });
    expect(await statusOf(orderId)).toBe("Cancelled");
    expect(await appErrorOf(record({ orderId }))).toMatchObject({ code: "REFUND_EXCEEDS_PAID", message: "This order has already been refunded in full." });
  });

  it("a Delivered order refunded in full stays Delivered (the sweets reached the customer)", async () => {
    const orderId = await paidOrder("Delivered");
    expect(await record({ orderId })).toMatchObject({ cancelled: false, row: { amountPaise: 20_000 } });
    expect(await statusOf(orderId)).toBe("Delivered");
  });

  it("the same Idempotency-Key answers the first refund again, recording one row", async () => {
    const orderId = await paidOrder();
    const first = await record({ orderId, amountPaise: 3_000, idempotencyKey: "key-1" });
    const again = await record({ orderId, amountPaise: 3_000, idempotencyKey: "key-1" });
    expect(again).toMatchObject({ fresh: false, row: { id: first.row.id } });
    expect(await rowsOf(orderId)).toHaveLength(1);
  });

  // Found by the model test (model.test.ts): the first order, at a promo's half price, cost less than the ₹150 a later
  // discounted order relied on it for; cancelling it refunded ₹1 and clawed back only the rest.
  describe("a clawback that takes all that is left", () => {
    /** A paid order (₹125: 1.25 kg), and a later discounted order of the month (pending) that relied on it. */
    const reliedOnOrder = async (kilos = 1.25) => {
      const userId = await insertTestUser(database.db);
      const now = new Date();
      const first = await insertPendingOrder(database.db, userId, itemId, kilos, { paymentStatus: "paid", status: "Order Recieved", paidAt: new Date(now.getTime() - 60_000), paymentId: `pay_${Math.random().toString(36).slice(2, 16)}` });
      await insertPendingOrder(database.db, userId, itemId, 2, { discountApplied: true, discountMonth: shopMonth(now), discountPaise: 15_000, amountPaise: 5_000 });
      return first.id;
    };

    it("refuses a refund or a cancellation with refund, recording nothing and moving nothing, unless the clawback is waived", async () => {
      const orderId = await reliedOnOrder();
      for (const request of [{}, { cancelling: true }, { amountPaise: 100 }]) {
        const refused = await appErrorOf(record({ orderId, ...request }));
        expect(refused).toBeInstanceOf(NothingLeftToRefund);
        expect(refused).toMatchObject({ code: "REFUND_EXCEEDS_PAID", message: expect.stringContaining("₹125 of what is left is kept back") });
      }
      expect(await rowsOf(orderId)).toEqual([]);
      expect(await statusOf(orderId)).toBe("Order Recieved");

      expect(await record({ orderId, waiveClawback: true })).toMatchObject({ cancelled: true, row: { amountPaise: 12_500, clawbackPaise: 0 } });
    });

    it("keeps back the discount in full when more than ₹1 is left after it", async () => {
      const orderId = await reliedOnOrder(1.51);
      expect(await record({ orderId })).toMatchObject({ cancelled: true, row: { amountPaise: 100, clawbackPaise: 15_000 } });
    });
  });

  it("refuses an order that was never paid, and one that does not exist", async () => {
    const userId = await insertTestUser(database.db);
    const unpaid = await insertPendingOrder(database.db, userId, itemId, 1);
    expect((await appErrorOf(record({ orderId: unpaid.id }))).code).toBe("TRANSITION_NOT_ALLOWED");
    expect(await rowsOf(unpaid.id)).toEqual([]);
    expect((await appErrorOf(record({ orderId: "00000000-0000-4000-8000-000000000000" }))).code).toBe("NOT_FOUND");
  });

  it("counts what has not failed as refunded, and says where each refund stands", () => {
    const row = (amountPaise: number, status: RefundRow["status"], extra: Partial<RefundRow> = {}) => ({ amountPaise, status, providerRefundId: "rfnd_1", failureReason: null, ...extra }) as RefundRow;
    expect(refundedPaise([row(5_000, "processed"), row(2_000, "pending"), row(9_000, "failed")])).toBe(7_000);
    expect(refundMessage(row(5_000, "processed"))).toBe("₹50 has been refunded.");
    expect(refundMessage(row(5_050, "failed", { failureReason: "card closed" }))).toBe("The refund of ₹50.50 failed: card closed. It can be retried.");
    expect(refundMessage(row(5_000, "pending", { providerRefundId: null }))).toMatch(/has not confirmed the refund of ₹50 yet/);
  });
});
