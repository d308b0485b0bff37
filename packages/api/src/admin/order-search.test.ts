import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { orders, users } from "@mithai/db/schema";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { eq } from "@mithai/db/sql";
import { orderFiltersSchema, orderNumberOf } from "@mithai/schema";
import { insertPendingOrder, testAddress } from "../testing";
import { orderFilterCondition } from "./order-search";

/** The admin order list's and export's WHERE clause, run on its own (orders-admin.test.ts covers it through the list). */
let database: DbHandle;
let itemId: string;

const matching = async (filters: Record<string, unknown>) =>
  (await database.db.select({ id: orders.id }).from(orders).where(orderFilterCondition(orderFiltersSchema.parse(filters)))).map((row) => row.id).sort();

beforeAll(async () => {
  database = await createTestDb();
  [itemId] = (await insertTestFoodItems(database.db, 1)) as [string];
});
afterAll(() => database.close());

describe("orderFilterCondition", () => {
  it("finds orders by the account's e-mail or the delivery e-mail in any case, by a mobile in any form, and by an id's start", async () => {
    const userId = await insertTestUser(database.db, "Search Customer");
    const [{ email: accountEmail }] = (await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId))) as [{ email: string }];
    const gift = await insertPendingOrder(database.db, userId, itemId, 1, { address: { ...testAddress, email: "Gift.Receiver@Example.in", mobile: "+91 98450-12345" } });
    const own = await insertPendingOrder(database.db, userId, itemId, 1, { address: { ...testAddress, email: "search-own@example.in", mobile: "9845099999" } });
    const both = [gift.id, own.id].sort();
    const all = { payment: "all" };

    expect(await matching({ ...all, q: accountEmail.toUpperCase() })).toEqual(both);
    expect(await matching({ ...all, q: " gift.receiver@example.in " })).toEqual([gift.id]);
    expect(await matching({ ...all, q: "GIFT.RECEIVER@EXAMPLE.IN" })).toEqual([gift.id]);
    expect(await matching({ ...all, q: "nobody-has-this@example.in" })).toEqual([]);

    for (const mobile of ["9845012345", "09845012345", "+919845012345", "0091 98450 12345", "(984) 501-2345"]) {
      expect(await matching({ ...all, q: mobile })).toEqual([gift.id]);
    }

    expect(await matching({ ...all, q: gift.id.toUpperCase() })).toEqual([gift.id]);
    expect(await matching({ ...all, q: orderNumberOf(own.id) })).toContain(own.id);
    expect(await matching({ ...all, q: gift.id.slice(0, 4) })).toContain(gift.id);
    // Three characters are too short to name an order.
    expect(await matching({ ...all, q: gift.id.slice(0, 3) })).toEqual([]);
    // Streets are not searched: text that is none of the above, and no name or e-mail, matches nothing.
    expect(await matching({ ...all, q: testAddress.street })).toEqual([]);
  });

  it("finds orders by the customer's name or part of an e-mail, in any case (issue 29: Priya found no orders)", async () => {
    const priya = await insertTestUser(database.db, "Priya Sharma");
    const [{ email }] = (await database.db.select({ email: users.email }).from(users).where(eq(users.id, priya))) as [{ email: string }];
    const own = await insertPendingOrder(database.db, priya, itemId, 1, { address: { ...testAddress, fullName: "Priya Sharma", email: "priya.s@example.in" } });
    const other = await insertTestUser(database.db, "Ravi Kumar");
    const gift = await insertPendingOrder(database.db, other, itemId, 1, { address: { ...testAddress, fullName: "Priyanka Rao", email: "pr@example.in" } });
    const all = { payment: "all" };
    expect(await matching({ ...all, q: "Priya" })).toEqual([own.id, gift.id].sort());
    expect(await matching({ ...all, q: "priya sharma" })).toEqual([own.id]);
    expect(await matching({ ...all, q: "RAVI" })).toEqual([gift.id]);
    expect(await matching({ ...all, q: "priya.s@" })).toEqual([own.id]);
    expect(await matching({ ...all, q: email.slice(0, 12) })).toEqual([own.id]);
    // LIKE's wildcards are plain text here.
    expect(await matching({ ...all, q: "%" })).toEqual([]);
    expect(await matching({ ...all, q: "P_iya" })).toEqual([]);
  });

  it("combines search text with the payment and status filters", async () => {
    const userId = await insertTestUser(database.db, "Filter Customer");
    const mobile = "9845077777";
    const address = { ...testAddress, mobile };
    const paid = await insertPendingOrder(database.db, userId, itemId, 1, { address, paymentStatus: "paid", status: "Order Recieved" });
    const delivered = await insertPendingOrder(database.db, userId, itemId, 1, { address, paymentStatus: "paid", status: "Delivered" });
    const pending = await insertPendingOrder(database.db, userId, itemId, 1, { address });

    expect(await matching({ q: mobile })).toEqual([paid.id, delivered.id].sort());
    expect(await matching({ q: mobile, payment: "pending" })).toEqual([pending.id]);
    expect(await matching({ q: mobile, payment: "all" })).toEqual([paid.id, delivered.id, pending.id].sort());
    expect(await matching({ q: mobile, status: "Delivered" })).toEqual([delivered.id]);
    expect(await matching({ q: mobile, payment: "failed" })).toEqual([]);
  });
});
