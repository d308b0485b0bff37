import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { mailOutbox, orderStatusChanges, orders, refunds, users } from "@mithai/db/schema";
import { asc, eq, inArray } from "@mithai/db/sql";
import { createTestDb, insertTestFoodItems } from "@mithai/db/testing";
import { orderListInputSchema, orderNumberOf } from "@mithai/schema";
import { appErrorOf, createTestContext, insertPendingOrder, testAddress } from "../testing";
import { listAdminOrders, todaySales, updateOrderStatus } from "./orders-admin";

/** The admin's order services, called directly (the router tests cover them over tRPC). */
let database: DbHandle;
let itemId: string;
let adminId: string;

async function customer(name: string): Promise<{ id: string; email: string }> {
  const email = `${name.toLowerCase().replace(/\W/g, "")}-${randomUUID().slice(0, 8)}@example.in`;
  const [row] = await database.db.insert(users).values({ name, email, passwordHash: "x" }).returning({ id: users.id });
  return { id: row!.id, email };
}

/** A paid order of `kilos` of the ₹100 test sweet (unless `extra` says otherwise). */
const paidOrder = (userId: string, extra: Parameters<typeof insertPendingOrder>[4] = {}, kilos = 2) =>
  insertPendingOrder(database.db, userId, itemId, kilos, { paymentStatus: "paid", status: "Order Recieved", paidAt: new Date(), ...extra });

const list = (input: Record<string, unknown>) => listAdminOrders(database.db, orderListInputSchema.parse(input));

beforeAll(async () => {
  database = await createTestDb();
  [itemId] = (await insertTestFoodItems(database.db, 1)) as [string];
  const [admin] = await database.db
    .insert(users)
    .values({ name: "Kitchen Owner", email: `owner-${randomUUID().slice(0, 8)}@example.in`, passwordHash: "x", role: "admin" })
    .returning({ id: users.id });
  adminId = admin!.id;
});
afterAll(() => database.close());

describe("listAdminOrders", () => {
  it("shows paid orders by default and filters by payment, status, shop days and search text", async () => {
    const asha = await customer("Asha Filter");
    const day = (d: string, time = "12:00:00") => new Date(`${d}T${time}+05:30`);
    const received = await paidOrder(asha.id, { createdAt: day("2024-05-01", "00:10:00") });
    const delivered = await paidOrder(asha.id, { status: "Delivered", createdAt: day("2024-05-02") }, 3);
    const cancelled = await paidOrder(asha.id, { status: "Cancelled", createdAt: day("2024-05-03", "23:50:00") });
    const pending = await insertPendingOrder(database.db, asha.id, itemId, 1, { createdAt: day("2024-05-02", "08:00:00") });
    const otherMobile = await paidOrder(asha.id, { createdAt: day("2024-05-04"), address: { ...testAddress, mobile: "9123456780" } });
    const ids = (page: Awaited<ReturnType<typeof list>>) => page.data.map((o) => o._id);

    // Searching by the account e-mail keeps other tests' orders out; newest first.
    const paid = await list({ q: asha.email });
    expect(ids(paid)).toEqual([otherMobile.id, cancelled.id, delivered.id, received.id]);
    expect(paid).toMatchObject({ total: 4, totalCapped: false, nextCursor: null });
    expect(paid.data.find((o) => o._id === delivered.id)).toMatchObject({
      orderNumber: orderNumberOf(delivered.id),
      paymentStatus: "paid",
      status: "Delivered",
      amount: 300,
      subtotal: 300,
      refundedAmount: 0,
      customer: { _id: asha.id, name: "Asha Filter", email: asha.email },
      items: [{ _id: itemId, name: "Test Sweet 0", quantity: 3, price: 100 }],
    });

    expect(ids(await list({ q: asha.email, payment: "all" }))).toEqual([otherMobile.id, cancelled.id, delivered.id, pending.id, received.id]);
    expect(ids(await list({ q: asha.email, payment: "pending" }))).toEqual([pending.id]);
    expect(ids(await list({ q: asha.email, status: "Cancelled" }))).toEqual([cancelled.id]);
    // Both ends are whole days on the shop's clock (00:10 and 23:50 IST fall on their own day, not the one beside it).
    expect(ids(await list({ q: asha.email, from: "2024-05-01", to: "2024-05-01" }))).toEqual([received.id]);
    expect(ids(await list({ q: asha.email, from: "2024-05-02", to: "2024-05-03" }))).toEqual([cancelled.id, delivered.id]);
    expect(ids(await list({ q: asha.email, from: "2024-05-04" }))).toEqual([otherMobile.id]);
    // A mobile in any form, an order number as the customer quotes it, or the start of an id.
    expect(ids(await list({ q: "+91 91234-56780" }))).toEqual([otherMobile.id]);
    expect(ids(await list({ q: orderNumberOf(cancelled.id).toLowerCase() }))).toContain(cancelled.id);
    expect(ids(await list({ q: received.id }))).toEqual([received.id]);
    expect(ids(await list({ q: "nothing matches this" }))).toEqual([]);
  });

  it("pages through every match once, newest first, even when orders share an instant", async () => {
    const pager = await customer("Pager Customer");
    const sameInstant = new Date("2024-06-01T10:00:00.123456Z");
    const made: Awaited<ReturnType<typeof paidOrder>>[] = [];
    for (let i = 0; i < 3; i++) made.push(await paidOrder(pager.id, { createdAt: new Date(Date.UTC(2024, 5, 2 + i)) }));
    for (let i = 0; i < 4; i++) made.push(await paidOrder(pager.id, { createdAt: sameInstant }));

    const seen: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ q: pager.email, limit: 2, cursor });
      expect(page.total).toBe(made.length);
      seen.push(...page.data.map((o) => o._id));
      pageSizes.push(page.data.length);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);

    expect(pageSizes).toEqual([2, 2, 2, 1]);
    expect(new Set(seen).size).toBe(made.length);
    expect([...seen].sort()).toEqual(made.map((o) => o.id).sort());
    // The three on distinct days come first, newest first; the four sharing an instant follow.
    expect(seen.slice(0, 3)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);

    const bad = await appErrorOf(list({ cursor: "bm90LWEtY3Vyc29y" }));
    expect(bad).toMatchObject({ code: "VALIDATION", message: "The page cursor is not valid; start from the first page" });
  });
});

describe("todaySales", () => {
  it("counts today's paid, not cancelled orders on the shop's clock; takings are paid − refunded, cancelled orders included", async () => {
    const buyer = await customer("Sales Customer");
    const day = "2023-08-15";
    const at = (time: string) => new Date(`${day}T${time}+05:30`);
    const refunded = await paidOrder(buyer.id, { createdAt: at("09:00:00"), amountPaise: 100_000, subtotalPaise: 100_000, paymentId: "pay_sales1" });
    await paidOrder(buyer.id, { createdAt: at("23:59:00"), amountPaise: 54_950, subtotalPaise: 54_950 });
    // Cancelled: not an order to make, but until its refund goes through the shop still holds what was paid.
    const cancelled = await paidOrder(buyer.id, { createdAt: at("12:00:00"), status: "Cancelled", amountPaise: 99_900, paymentId: "pay_sales2" });
    // Not counted at all: unpaid, the day before.
    await insertPendingOrder(database.db, buyer.id, itemId, 5, { createdAt: at("12:00:00") });
    await paidOrder(buyer.id, { createdAt: new Date(`2023-08-14T23:59:00+05:30`), amountPaise: 77_700 });

    expect(await todaySales(database.db, at("20:00:00"))).toEqual({ date: day, orders: 2, revenue: 2548.5 });

    const refund = (orderId: string, paymentId: string, amountPaise: number, status: "pending" | "processed" | "failed") =>
      database.db.insert(refunds).values({ orderId, paymentId, amountPaise, reason: "test", status });
    await refund(refunded.id, "pay_sales1", 25_050, "processed");
    await refund(refunded.id, "pay_sales1", 5_000, "pending");
    await refund(refunded.id, "pay_sales1", 10_000, "failed");
    // 1000 + 549.50 + 999 − 250.50 − 50 (the failed refund gave nothing back).
    expect(await todaySales(database.db, at("20:00:00"))).toEqual({ date: day, orders: 2, revenue: 2248 });
    // The cancellation's refund failed at the bank: the money is still the shop's (the model test found this).
    await refund(cancelled.id, "pay_sales2", 99_900, "failed");
    expect(await todaySales(database.db, at("20:00:00"))).toEqual({ date: day, orders: 2, revenue: 2248 });
    // Refunded but for a ₹150 clawback: the ₹150 stays in the takings.
    await refund(cancelled.id, "pay_sales2", 84_900, "processed");
    expect(await todaySales(database.db, at("20:00:00"))).toEqual({ date: day, orders: 2, revenue: 1399 });
    // 20:00 UTC on the 14th is already the 15th in India.
    expect((await todaySales(database.db, new Date("2023-08-14T20:00:00Z"))).date).toBe(day);
    expect(await todaySales(database.db, new Date("2023-08-16T12:00:00+05:30"))).toEqual({ date: "2023-08-16", orders: 0, revenue: 0 });
  });
});

describe("updateOrderStatus", () => {
  const timeline = (orderId: string) =>
    database.db
      .select({ id: orderStatusChanges.id, status: orderStatusChanges.status, changedBy: orderStatusChanges.changedBy })
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, orderId))
      .orderBy(asc(orderStatusChanges.at), asc(orderStatusChanges.id));
  const statusMails = async (changeIds: string[]) =>
    changeIds.length === 0 ? [] : database.db.select().from(mailOutbox).where(inArray(mailOutbox.subjectId, changeIds));
  const stored = async (orderId: string) => (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  it("sets the status, records who changed it and writes the customer's mail to the outbox once", async () => {
    const buyer = await customer("Status Customer");
    const order = await paidOrder(buyer.id, { address: { ...testAddress, email: "status-mail@example.in" } });
    const ctx = createTestContext(database.db);

    await updateOrderStatus(ctx, order.id, "Out for delivery", adminId);
    expect((await stored(order.id)).status).toBe("Out for delivery");
    const changes = await timeline(order.id);
    expect(changes).toEqual([{ id: expect.any(String), status: "Out for delivery", changedBy: adminId }]);
    const mails = await statusMails(changes.map((c) => c.id));
    // Order mails go to the account's e-mail; the delivery contact's is kept with the order, never mailed (issue 26).
    expect(mails).toEqual([expect.objectContaining({ kind: "order-status", subjectId: changes[0]!.id, recipient: buyer.email, sentAt: null })]);

    // Setting the status it already has changes nothing: no new timeline entry, no second mail.
    const before = await stored(order.id);
    await updateOrderStatus(ctx, order.id, "Out for delivery", adminId);
    expect(await timeline(order.id)).toEqual(changes);
    expect(await statusMails(changes.map((c) => c.id))).toHaveLength(1);
    expect((await stored(order.id)).updatedAt).toEqual(before.updatedAt);

    // The outbox sends that one mail, addressed to the account's e-mail, never to the delivery contact's.
    await ctx.outbox.drain();
    expect(ctx.sent.filter((m) => m.to === "status-mail@example.in")).toEqual([]);
    const toCustomer = ctx.sent.filter((m) => m.to === buyer.email);
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]!.subject).toBe(`Mithai: order ${orderNumberOf(order.id)} is out for delivery`);
    expect((await statusMails(changes.map((c) => c.id)))[0]!.sentAt).toBeInstanceOf(Date);
  });

  it("records the kitchen's own statuses in the timeline without mailing the customer; only the order's allowed moves (issue 25)", async () => {
    const buyer = await customer("Kitchen Customer");
    const order = await paidOrder(buyer.id, { status: "Out for delivery" });
    const ctx = createTestContext(database.db);

    // One step back for a correction, then forward skipping a step.
    await updateOrderStatus(ctx, order.id, "Food Processing", null);
    await updateOrderStatus(ctx, order.id, "Delivered", adminId);
    expect((await stored(order.id)).status).toBe("Delivered");
    const changes = await timeline(order.id);
    expect(changes.map((c) => [c.status, c.changedBy])).toEqual([
      ["Food Processing", null],
      ["Delivered", adminId],
    ]);
    expect((await statusMails(changes.map((c) => c.id))).map((m) => [m.subjectId, m.kind])).toEqual([[changes[1]!.id, "order-status"]]);
    // Nothing leaves Delivered: 409, nothing changes.
    for (const status of ["Food Processing", "Cancelled", "Order Recieved"] as const) {
      expect(await appErrorOf(updateOrderStatus(ctx, order.id, status, adminId))).toMatchObject({ code: "TRANSITION_NOT_ALLOWED" });
    }
    expect((await stored(order.id)).status).toBe("Delivered");
    expect(await timeline(order.id)).toHaveLength(2);
    // Two steps back is not a correction.
    const early = await paidOrder(buyer.id, { status: "Out for delivery" });
    expect(await appErrorOf(updateOrderStatus(ctx, early.id, "Order Recieved", adminId))).toMatchObject({ code: "TRANSITION_NOT_ALLOWED" });
  });

  it("refuses unpaid orders and unknown ids without changing anything", async () => {
    const buyer = await customer("Unpaid Customer");
    const ctx = createTestContext(database.db);
    for (const paymentStatus of ["pending", "failed", "refunded"] as const) {
      const order = await insertPendingOrder(database.db, buyer.id, itemId, 1, { paymentStatus, status: "" });
      const error = await appErrorOf(updateOrderStatus(ctx, order.id, "Delivered", adminId));
      expect(error).toMatchObject({ code: "TRANSITION_NOT_ALLOWED", message: "Only paid orders can change status" });
      expect((await stored(order.id)).status).toBe("");
      expect(await timeline(order.id)).toEqual([]);
    }
    for (const id of [randomUUID(), "not-a-uuid"]) {
      expect(await appErrorOf(updateOrderStatus(ctx, id, "Delivered", adminId))).toMatchObject({ code: "NOT_FOUND", message: "Order not found" });
    }
  });
});
