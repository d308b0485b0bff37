import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abandonPendingOrder, paySandboxOrder } from "@mithai/api";
import { and, asc, eq, inArray, sql } from "@mithai/db/sql";
import { shopMonth } from "@mithai/schema";
import { foodItems, orders, promoCodes, refunds, users } from "@mithai/db/schema";
import { testDatabaseKind } from "@mithai/db/testing";
import { bearer, createAccount, insertOrders } from "../rest/admin-fixtures";
import type { TestApp } from "../testing";
import { createCustomer, createTwinApps, eventually, placeOrderVia, sendWebhook, testAddress, verifyVia } from "./fixtures";

/**
 * Rounds of a race: on PostgreSQL the statements really interleave, and a rare crosswise wait needs many tries; the
 * embedded database runs one transaction at a time, so a few rounds there check the outcome of each order of events.
 */
const rounds = (onPostgres: number) => (testDatabaseKind() === "postgres" ? onPostgres : 4);

/**
 * Issue 25's races, on two app instances sharing one database (run on PostgreSQL with TEST_DATABASE_URL, where they
 * really run at once): one customer placing on both servers at once keeps one open order; late payments for a
 * single-use promo code arriving at once, by webhook and verify on both servers, give one paid order. And the locks'
 * order: a payment, a place and every move take the customer's row before the order's, and a release of stock takes
 * the sweets' rows in id order as a reservation does, so none of them waits on another crosswise (a deadlock).
 */
describe("order lifecycle races", () => {
  let one: TestApp;
  let two: TestApp;
  let closeApps: () => Promise<void>;
  let itemId: string;
  beforeAll(async () => {
    ({ one, two, close: closeApps } = await createTwinApps());
    [{ id: itemId }] = (await one.database.db.select({ id: foodItems.id }).from(foodItems).orderBy(asc(foodItems.slug)).limit(1)) as [{ id: string }];
  });
  afterAll(() => closeApps());

  it("eight places by one customer at once, on two servers, leave one open order", async () => {
    const buyer = await createCustomer(one);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => placeOrderVia(i % 2 ? two : one, buyer, { address: testAddress, items: [{ _id: itemId, quantity: 1 }] })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const mine = await one.database.db.select().from(orders).where(eq(orders.userId, buyer.userId));
    expect(mine.filter((order) => order.paymentStatus === "pending")).toHaveLength(1);
    expect(mine.filter((order) => order.paymentStatus === "expired")).toHaveLength(7);
  });

  it("a customer placing again while the previous order is paid, or abandoned, on the other server: never a deadlock", async () => {
    const line = { address: testAddress, items: [{ _id: itemId, quantity: 1 }] };
    // Mostly abandon: a place now pays an open order the provider took money for before expiring anything, so the
    // crosswise wait is between the abandon's expiry and the place's. Forty customers (on PostgreSQL), one after
    // another.
    const round = async (pay: boolean) => {
      const buyer = await createCustomer(one);
      const previous = (await placeOrderVia(one, buyer, line)).body;
      if (pay) {
        const paid = await paySandboxOrder(one.database.db, one.env.payments, { orderId: previous.razorpayOrderId, method: "upi", succeed: true });
        const [verified, placed] = await Promise.all([verifyVia(two, buyer, paid.checkoutResponse!), placeOrderVia(one, buyer, line)]);
        expect([verified.status, placed.status]).toEqual([200, 200]);
      } else {
        const [abandoned, placed] = await Promise.all([abandonPendingOrder(two.app.deps, buyer.userId, previous.orderId), placeOrderVia(one, buyer, line)]);
        expect(placed.status).toBe(200);
        expect(abandoned.paymentStatus).toMatch(/^expired$/);
      }
      const mine = await one.database.db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.userId, buyer.userId)).orderBy(asc(orders.createdAt));
      expect(mine.map((order) => order.status)).toEqual([pay ? "paid" : "expired", "pending"]);
    };
    for (let i = 0; i < rounds(40); i++) await round(i % 8 === 0);
  });

  it.runIf(testDatabaseKind() === "postgres")("a payment takes its customer's row before its order's, as a place and every move do: never crosswise", async () => {
    const buyer = await createCustomer(one);
    const placed = (await placeOrderVia(one, buyer, { address: testAddress, items: [{ _id: itemId, quantity: 1 }] })).body;
    const paid = await paySandboxOrder(one.database.db, one.env.payments, { orderId: placed.razorpayOrderId, method: "upi", succeed: true });
    const db = one.database.db;
    const waitingOnLocks = async () => ((await db.execute(sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as unknown[]).length;
    let verified: ReturnType<typeof verifyVia> | undefined;
    await db.transaction(async (tx) => {
      // What a place does first: the customer's row. The payment arriving now must wait for it...
      await tx.execute(sql`select ${users.id} from ${users} where ${users.id} = ${buyer.userId} for update`);
      verified = verifyVia(two, buyer, paid.checkoutResponse!);
      await eventually(async () => (await waitingOnLocks()) > 0);
      // ...holding nothing the place takes next: the order's row is free (NOWAIT throws if the payment holds it).
      await tx.execute(sql`select ${orders.id} from ${orders} where ${orders.id} = ${placed.orderId} for update nowait`);
    });
    expect((await verified!).status).toBe(200);
    const [order] = await db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.status).toBe("paid");
  });

  /**
   * Thirty rounds (on PostgreSQL), across both servers at once: two customers' open orders (a kilogram of each of
   * `count` sweets with stock, and `promoCode` if given) abandoned while two other customers place the same. Every
   * abandoned order gives its kilograms back; every order still open holds them.
   */
  async function abandonWhileOthersPlace(count: number, promoCode?: string) {
    const sweets = (await one.database.db.select({ id: foodItems.id }).from(foodItems).orderBy(asc(foodItems.slug)).limit(count)).map((row) => row.id);
    const start = 10_000;
    await one.database.db.update(foodItems).set({ stockKg: start }).where(inArray(foodItems.id, sweets));
    const line = { address: testAddress, items: sweets.map((id) => ({ _id: id, quantity: 1 })), ...(promoCode ? { promoCode } : {}) };
    let holders = 0;
    for (let i = 0; i < rounds(30); i++) {
      const leaving = [await createCustomer(one), await createCustomer(one)];
      const arriving = [await createCustomer(one), await createCustomer(one)];
      const previous = [(await placeOrderVia(one, leaving[0]!, line)).body, (await placeOrderVia(two, leaving[1]!, line)).body];
      if (promoCode) expect(previous.map((order) => order.promoApplied)).toEqual([true, true]);
      const [abandoned, placed] = await Promise.all([
        Promise.all(leaving.map((customer, n) => abandonPendingOrder((n ? one : two).app.deps, customer.userId, previous[n]!.orderId))),
        Promise.all(arriving.map((customer, n) => placeOrderVia(n ? two : one, customer, line))),
      ]);
      expect(placed.map((answer) => answer.status)).toEqual([200, 200]);
      expect(abandoned.map((order) => order.paymentStatus)).toEqual(["expired", "expired"]);
      holders += placed.length;
    }
    const left = await one.database.db.select({ stockKg: foodItems.stockKg }).from(foodItems).where(inArray(foodItems.id, sweets));
    expect(left.map((row) => row.stockKg)).toEqual(Array(sweets.length).fill(start - holders));
    await one.database.db.update(foodItems).set({ stockKg: null }).where(inArray(foodItems.id, sweets));
  }

  it("abandoned orders giving their stock back while other customers take the same sweets, on two servers: never a deadlock", async () => {
    // Six sweets with stock: the reservation locks their rows in id order; the release must too, or the two statements
    // can each hold a row the other waits for (PostgreSQL then aborts one of them after deadlock_timeout).
    await abandonWhileOthersPlace(6);
  });

  it("abandoned orders with a promo code giving their stock back while others place with the same code, on two servers: never a deadlock", async () => {
    // The model test's find: a release updates the order row a second time in its transaction, so PostgreSQL checks
    // its promo code's foreign key again (FOR KEY SHARE on the code's row) while holding the sweets' rows; a place
    // holds the code's row and waits for a sweet's. The code's row is locked FOR NO KEY UPDATE, which a key check
    // does not wait for.
    await one.database.db.insert(promoCodes).values({ code: "RACEFLAT", kind: "flat", value: 10, maxUses: 10_000 });
    await abandonWhileOthersPlace(2, "RACEFLAT");
  });

  it("a customer placing their second order of the month while the first is cancelled on the other server: the ₹150 is either not given or kept back", async () => {
    // The model test's find: the place read "one kept order this month" before the cancel committed and gave the ₹150;
    // the cancel did not see the new order, so kept nothing back. Both now take the customer's row first, and the place
    // counts the kept orders again under it.
    const line = { address: testAddress, items: [{ _id: itemId, quantity: 1 }] };
    for (let i = 0; i < rounds(30); i++) {
      const buyer = await createCustomer(one);
      const first = (await placeOrderVia(one, buyer, line)).body;
      const paid = await paySandboxOrder(one.database.db, one.env.payments, { orderId: first.razorpayOrderId, method: "upi", succeed: true });
      expect((await verifyVia(one, buyer, paid.checkoutResponse!)).status).toBe(200);
      const [cancelled, second] = await Promise.all([
        two.app.inject({ method: "POST", url: "/api/order/cancel", headers: { authorization: `Bearer ${buyer.token}` }, payload: { orderId: first.orderId } }),
        placeOrderVia(i % 2 ? one : two, buyer, line),
      ]);
      expect([cancelled.statusCode, second.status]).toEqual([200, 200]);
      const [refund] = await one.database.db.select({ clawbackPaise: refunds.clawbackPaise }).from(refunds).where(eq(refunds.orderId, first.orderId));
      const discountPaise = Math.round(second.body.discount * 100);
      expect({ discounted: second.body.discountApplied, keptBack: refund!.clawbackPaise }).toEqual({ discounted: discountPaise > 0, keptBack: discountPaise });
    }
  });

  it.runIf(testDatabaseKind() === "postgres")("a full refund waits for a place by the same customer (it takes the customer's row first), so it keeps back the ₹150 the new order relies on", async () => {
    const buyer = await createCustomer(one);
    const admin = await createAccount(one.database.db, "admin");
    const first = (await placeOrderVia(one, buyer, { address: testAddress, items: [{ _id: itemId, quantity: 1 }] })).body;
    const paid = await paySandboxOrder(one.database.db, one.env.payments, { orderId: first.razorpayOrderId, method: "upi", succeed: true });
    expect((await verifyVia(one, buyer, paid.checkoutResponse!)).status).toBe(200);
    const db = one.database.db;
    const waitingOnLocks = async () => ((await db.execute(sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as unknown[]).length;
    let refunded: Promise<{ statusCode: number }> | undefined;
    await db.transaction(async (tx) => {
      // What a place holds from its first statement to its commit: the customer's row. The refund must wait for it...
      await tx.execute(sql`select ${users.id} from ${users} where ${users.id} = ${buyer.userId} for update`);
      refunded = two.app.inject({ method: "POST", url: `/api/admin/orders/${first.orderId}/refund`, headers: bearer(admin.token), payload: { reason: "Out of stock" } });
      await eventually(async () => (await waitingOnLocks()) > 0);
      // ...while the place makes the month's second order, with the ₹150 it owes to the first.
      await insertOrders(tx, [{ userId: buyer.userId, paymentStatus: "pending", amountPaise: 10_000 }]);
      await tx.update(orders).set({ discountApplied: true, discountMonth: shopMonth(new Date()), discountPaise: 15_000, subtotalPaise: 25_000 }).where(and(eq(orders.userId, buyer.userId), eq(orders.paymentStatus, "pending")));
    });
    expect((await refunded!).statusCode).toBe(200);
    const [refund] = await db.select({ clawbackPaise: refunds.clawbackPaise }).from(refunds).where(eq(refunds.orderId, first.orderId));
    expect(refund!.clawbackPaise).toBe(15_000);
  });

  it("late payments for a single-use promo code, arriving at once on two servers, pay one order; the others are refunded", async () => {
    await one.database.db.insert(promoCodes).values({ code: "RACEONCE", kind: "percent", value: 50, maxUses: 1 });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => createCustomer(one)));
    const placed = [];
    for (const buyer of buyers) {
      const answer = await placeOrderVia(one, buyer, { address: testAddress, items: [{ _id: itemId, quantity: 1 }], promoCode: "RACEONCE" });
      expect(answer.body).toMatchObject({ promoApplied: true });
      placed.push(answer.body);
      // The window closed: the use is free for the next customer.
      await abandonPendingOrder(one.app.deps, buyer.userId, answer.body.orderId);
    }
    const paidAtGateway = await Promise.all(placed.map((order) => paySandboxOrder(one.database.db, one.env.payments, { orderId: order.razorpayOrderId, method: "upi", succeed: true })));
    await Promise.all(
      paidAtGateway.flatMap((outcome, i) => [sendWebhook(i % 2 ? one : two, outcome.webhook), verifyVia(i % 2 ? two : one, buyers[i]!, outcome.checkoutResponse!)]),
    );
    const states = await Promise.all(placed.map(async (order) => (await one.database.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]!.paymentStatus));
    expect(states.filter((state) => state === "paid")).toHaveLength(1);
    expect(states.filter((state) => state === "refunded")).toHaveLength(3);
    const [code] = await one.database.db.select().from(promoCodes).where(eq(promoCodes.code, "RACEONCE"));
    expect(code!.uses).toBe(1);
  });
});
