import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { users } from "@mithai/db/schema";
import { createTestDb, insertTestFoodItems } from "@mithai/db/testing";
import { ADMIN_LIST_PAGE_SIZE, updateProfileInputSchema } from "@mithai/schema";
import { appErrorOf, insertPendingOrder, testAddress } from "../testing";
import { listCustomers } from "./customers-admin";

/** The admin's customer list, called directly. */
let database: DbHandle;
let itemId: string;

async function account(name: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<{ id: string; email: string }> {
  const email = `${name.toLowerCase().replace(/\W/g, "")}-${randomUUID().slice(0, 8)}@example.in`;
  const [row] = await database.db.insert(users).values({ name, email, passwordHash: "x", ...extra }).returning({ id: users.id });
  return { id: row!.id, email };
}

beforeAll(async () => {
  database = await createTestDb();
  [itemId] = (await insertTestFoodItems(database.db, 1)) as [string];
});
afterAll(() => database.close());

describe("listCustomers", () => {
  it("counts only paid orders in a customer's orders, spend (from integer paise) and last order", async () => {
    const meera = await account("Meera Spender", { phoneNumber: "9845099999" });
    const lastPaidAt = new Date("2024-02-02T10:00:00.000Z");
    await insertPendingOrder(database.db, meera.id, itemId, 1, { paymentStatus: "paid", amountPaise: 96_005, createdAt: new Date("2024-01-01T10:00:00Z") });
    await insertPendingOrder(database.db, meera.id, itemId, 1, { paymentStatus: "paid", amountPaise: 45_050, createdAt: lastPaidAt });
    // Not paid: neither counted nor the last order.
    await insertPendingOrder(database.db, meera.id, itemId, 1, { amountPaise: 10_000, createdAt: new Date("2024-03-03T10:00:00Z") });
    await insertPendingOrder(database.db, meera.id, itemId, 1, { paymentStatus: "failed", amountPaise: 20_000 });
    const newcomer = await account("Meera Newcomer");

    const page = await listCustomers(database.db, { q: "meera" });
    expect(page.nextCursor).toBeNull();
    expect(page.data).toEqual([
      { _id: newcomer.id, name: "Meera Newcomer", email: newcomer.email, phoneNumber: null, createdAt: expect.any(String), paidOrders: 0, totalSpent: 0, lastOrderAt: null },
      {
        _id: meera.id,
        name: "Meera Spender",
        email: meera.email,
        phoneNumber: "9845099999",
        createdAt: expect.any(String),
        paidOrders: 2,
        totalSpent: (96_005 + 45_050) / 100,
        lastOrderAt: lastPaidAt.toISOString(),
      },
    ]);
  });

  it("searches name and e-mail literally, and mobiles on the account or on any order, leaving admins out", async () => {
    const ravi = await account("Ravi 50%_Off\\Shetty");
    const other = await account("Ravi 50 Percent");
    await insertPendingOrder(database.db, ravi.id, itemId, 1, { address: { ...testAddress, mobile: "+91 99001-77334" } });
    await account("Ravi Admin", { role: "admin", phoneNumber: "9900177334" });

    const ids = async (q: string) => (await listCustomers(database.db, { q })).data.map((c) => c._id);
    expect(await ids("50%_off\\")).toEqual([ravi.id]);
    expect((await ids("ravi 50")).sort()).toEqual([other.id, ravi.id].sort());
    expect(await ids(other.email.toUpperCase())).toEqual([other.id]);
    expect(await ids("09900177334")).toEqual([ravi.id]);
    expect(await ids("Ravi Admin")).toEqual([]);
    expect(await ids("   ")).toEqual(expect.arrayContaining([ravi.id, other.id]));
  });

  it("finds a customer by the mobile saved on their profile, stored as the profile form stores it (+91 and ten digits)", async () => {
    // The profile's phone goes through mobileSchema, which keeps "+91" and the ten digits: "+91 98450 12345" is
    // stored as "+919845012345". The search compared the ten digits alone and found nobody (seen in the browser suite).
    const { phoneNumber } = updateProfileInputSchema.parse({ name: "Lakshmi Profile", phoneNumber: "+91 98450 67890" });
    expect(phoneNumber).toBe("+919845067890");
    const lakshmi = await account("Lakshmi Profile", { phoneNumber });
    const legacy = await account("Lakshmi Legacy", { phoneNumber: "9845067890" });
    for (const typed of ["98450 67890", "+91 98450-67890", "09845067890"]) {
      expect((await listCustomers(database.db, { q: typed })).data.map((c) => c._id).sort()).toEqual([lakshmi.id, legacy.id].sort());
    }
  });

  it("pages every customer exactly once, newest first, and refuses a forged cursor", async () => {
    const made: string[] = [];
    for (let i = 0; i < ADMIN_LIST_PAGE_SIZE + 3; i++) made.push((await account(`Zpager ${i}`)).id);
    const first = await listCustomers(database.db, { q: "Zpager" });
    expect(first.data).toHaveLength(ADMIN_LIST_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listCustomers(database.db, { q: "Zpager", cursor: first.nextCursor! });
    expect(second.data).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.data, ...second.data];
    expect(seen.map((c) => c._id).sort()).toEqual([...made].sort());
    const created = seen.map((c) => c.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    expect(await appErrorOf(listCustomers(database.db, { cursor: "bm90LWEtY3Vyc29y" }))).toMatchObject({
      code: "VALIDATION",
      message: "The page cursor is not valid; start from the first page",
    });
  });
});
