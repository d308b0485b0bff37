import { randomUUID } from "node:crypto";
import type { PaymentStatus } from "@mithai/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { orders, reviews, users } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { createTestDb, insertTestFoodItems } from "@mithai/db/testing";
import { ADMIN_LIST_PAGE_SIZE } from "@mithai/schema";
import type { AuthSession } from "../context";
import { listReviews } from "../reviews/service";
import { appRouter } from "../root";
import { createTestContext } from "../testing";
import { createCallerFactory } from "../trpc";

/** The admin's customer list and review moderation (issue 16), through the typed procedures. */
const createCaller = createCallerFactory(appRouter);

let database: DbHandle;
let admin: AuthSession;
const callerAs = (auth: AuthSession | null) => createCaller(createTestContext(database.db, { auth })).admin;

async function account(name: string, role: "user" | "admin" = "user", phoneNumber: string | null = null): Promise<{ id: string; email: string }> {
  const email = `${name.toLowerCase().replace(/\W/g, "")}-${randomUUID().slice(0, 8)}@example.in`;
  const [row] = await database.db.insert(users).values({ name, email, passwordHash: "x", role, phoneNumber }).returning({ id: users.id });
  return { id: row!.id, email };
}

async function paidOrder(userId: string, amountPaise: number, mobile = "9000000000", paymentStatus: PaymentStatus = "paid") {
  await database.db.insert(orders).values({
    userId,
    items: [],
    subtotalPaise: amountPaise,
    amountPaise,
    address: { fullName: "A", email: "a@example.in", street: "s", city: "c", state: "s", pincode: "411001", country: "India", mobile },
    paymentStatus,
    status: "Order Recieved",
  });
}

beforeAll(async () => {
  database = await createTestDb();
  admin = { userId: (await account("Kitchen Owner", "admin")).id, role: "admin" };
});
afterAll(() => database.close());

describe("the admin's customer list", () => {
  it("finds customers by part of the name or e-mail, or by a mobile in any form, with their paid orders and spend", async () => {
    const meera = await account("Meera Krishnan", "user", "9845012345");
    const ravi = await account("Ravi Shetty");
    await paidOrder(meera.id, 96_000);
    await paidOrder(meera.id, 45_050);
    await paidOrder(meera.id, 10_000, "9000000000", "pending");
    await paidOrder(ravi.id, 12_000, "+91 99001 22334");

    const api = callerAs(admin);
    const byName = await api.customers({ q: "krishNAN" });
    expect(byName.data).toEqual([
      expect.objectContaining({ _id: meera.id, name: "Meera Krishnan", email: meera.email, phoneNumber: "9845012345", paidOrders: 2, totalSpent: 1410.5 }),
    ]);
    expect(byName.data[0]!.lastOrderAt).toEqual(expect.any(String));
    expect((await api.customers({ q: meera.email.slice(0, 10) })).data.map((c) => c._id)).toEqual([meera.id]);
    expect((await api.customers({ q: "+91 98450-12345" })).data.map((c) => c._id)).toEqual([meera.id]);
    // The mobile a customer gave on an order finds them too.
    expect((await api.customers({ q: "9900122334" })).data).toEqual([expect.objectContaining({ _id: ravi.id, paidOrders: 1, totalSpent: 120 })]);
    // `%` is searched for, not a wildcard; admins are not customers.
    expect((await api.customers({ q: "%" })).data).toEqual([]);
    expect((await api.customers({ q: "Kitchen Owner" })).data).toEqual([]);
  });

  it("pages through every customer once, newest first", async () => {
    for (let i = 0; i < ADMIN_LIST_PAGE_SIZE + 5; i++) await account(`Pager ${i}`);
    const api = callerAs(admin);
    const first = await api.customers({ q: "Pager" });
    expect(first.data).toHaveLength(ADMIN_LIST_PAGE_SIZE);
    const second = await api.customers({ q: "Pager", cursor: first.nextCursor! });
    expect(second.nextCursor).toBeNull();
    const names = [...first.data, ...second.data].map((c) => c.name);
    expect(new Set(names).size).toBe(ADMIN_LIST_PAGE_SIZE + 5);
    // Newest first (accounts made in the same instant may come in either order).
    expect(names.slice(0, 3)).toContain(`Pager ${ADMIN_LIST_PAGE_SIZE + 4}`);
    await expect(api.customers({ cursor: "bm90LWEtY3Vyc29y" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("is for admins only", async () => {
    const customer = await account("Curious Customer");
    await expect(callerAs({ userId: customer.id, role: "user" }).customers({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerAs(null).reviews({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(callerAs({ userId: customer.id, role: "user" }).hideReview({ id: randomUUID() })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("review moderation", () => {
  it("hides a review from the product page, says who hid it and when, and restores it", async () => {
    const [productId] = await insertTestFoodItems(database.db, 1);
    const author = await account("Rude Reviewer");
    const [rude] = await database.db
      .insert(reviews)
      .values({ foodItemId: productId!, userId: author.id, username: "Rude Reviewer", review: "Buy from the shop next door!!" })
      .returning({ id: reviews.id });
    const [kind] = await database.db
      .insert(reviews)
      .values({ foodItemId: productId!, userId: author.id, username: "Rude Reviewer", review: "Actually the jalebi is fine" })
      .returning({ id: reviews.id });
    const api = callerAs(admin);

    expect(await api.hideReview({ id: rude!.id })).toEqual({ message: "The review is hidden from the product page." });
    expect((await listReviews(database.db, productId!)).map((r) => r._id)).toEqual([kind!.id]);
    const hidden = await api.reviews({ show: "hidden" });
    const [adminEmail] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, admin.userId));
    expect(hidden.data).toEqual([
      expect.objectContaining({ _id: rude!.id, productName: "Test Sweet 0", email: author.email, review: "Buy from the shop next door!!", hiddenBy: adminEmail!.email }),
    ]);
    expect(hidden.data[0]!.hiddenAt).toEqual(expect.any(String));
    expect((await api.reviews({ show: "visible" })).data.map((r) => r._id)).toContain(kind!.id);
    expect((await api.reviews({ show: "visible" })).data.map((r) => r._id)).not.toContain(rude!.id);

    // Hiding twice keeps the first who and when.
    await api.hideReview({ id: rude!.id });
    expect((await api.reviews({ show: "hidden" })).data[0]!.hiddenAt).toBe(hidden.data[0]!.hiddenAt);

    expect(await api.restoreReview({ id: rude!.id })).toEqual({ message: "The review shows on the product page again." });
    expect((await listReviews(database.db, productId!)).map((r) => r._id).sort()).toEqual([rude!.id, kind!.id].sort());
    expect((await api.reviews({ show: "hidden" })).data).toEqual([]);

    await expect(api.hideReview({ id: randomUUID() })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(api.restoreReview({ id: "not-a-uuid" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(api.reviews({ show: "spam" as "all" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
