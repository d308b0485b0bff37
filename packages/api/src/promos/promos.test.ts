import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { orders } from "@mithai/db/schema";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { promoInputSchema } from "@mithai/schema";
import { eq } from "@mithai/db/sql";
import { appErrorOf, insertPendingOrder } from "../testing";
import { createPromo, deletePromo, listPromos, promoDiscountPaise, promoOffer } from "./promos";

describe("what a code takes off", () => {
  it("takes a percentage rounded to the paisa, or a flat sum, and never leaves less than ₹1", () => {
    expect(promoDiscountPaise({ kind: "percent", value: 10 }, 54_950)).toBe(5495);
    expect(promoDiscountPaise({ kind: "percent", value: 15 }, 333)).toBe(50);
    expect(promoDiscountPaise({ kind: "flat", value: 15_000 }, 100_000)).toBe(15_000);
    expect(promoDiscountPaise({ kind: "flat", value: 15_000 }, 10_000)).toBe(9_900);
    expect(promoDiscountPaise({ kind: "percent", value: 100 }, 10_000)).toBe(9_900);
  });
});

describe("promo codes in the database", () => {
  let database: DbHandle;
  let userId: string;
  let itemId: string;
  const now = new Date("2026-11-25T06:00:00Z");
  const promo = (fields: Record<string, unknown>) => createPromo(database.db, promoInputSchema.parse({ kind: "percent", value: 10, ...fields }));

  beforeAll(async () => {
    database = await createTestDb();
    userId = await insertTestUser(database.db);
    itemId = (await insertTestFoodItems(database.db, 1))[0]!;
  });
  afterAll(() => database.close());

  it("offers a code whatever its case and spaces, and refuses each kind of unusable code with its own reason", async () => {
    await promo({ code: "DIWALI10" });
    expect(await promoOffer(database.db, " diwali10 ", userId, 50_000, now)).toMatchObject({ code: "DIWALI10", discountPaise: 5_000 });

    await promo({ code: "OFF", active: false });
    await promo({ code: "LATER", validFrom: "2026-12-01" });
    await promo({ code: "GONE", validTo: "2026-11-24" });
    await promo({ code: "BIG", minSubtotal: 1000 });
    const reasons = async (code: string) => (await appErrorOf(promoOffer(database.db, code, userId, 50_000, now))).code;
    expect(await reasons("NOPE")).toBe("PROMO_INVALID");
    expect(await reasons("OFF")).toBe("PROMO_INVALID");
    expect(await reasons("LATER")).toBe("PROMO_NOT_STARTED");
    expect(await reasons("GONE")).toBe("PROMO_EXPIRED");
    expect(await reasons("BIG")).toBe("PROMO_MIN_SUBTOTAL");
    const min = await appErrorOf(promoOffer(database.db, "BIG", userId, 50_000, now));
    expect(min.message).toBe("promoCode: This promo code needs a subtotal of at least ₹1,000");
    expect(min.fieldErrors?.[0]?.path).toBe("promoCode");
  });

  it("is valid through its last day in shop time, not UTC", async () => {
    await promo({ code: "LASTDAY", validTo: "2026-11-25" });
    // 23:59 on 25 Nov in Kolkata is 18:29 UTC.
    expect((await promoOffer(database.db, "LASTDAY", userId, 50_000, new Date("2026-11-25T18:29:00Z"))).discountPaise).toBe(5_000);
    expect((await appErrorOf(promoOffer(database.db, "LASTDAY", userId, 50_000, new Date("2026-11-25T18:31:00Z")))).code).toBe("PROMO_EXPIRED");
  });

  it("counts uses held by pending and paid orders, per customer and in all; the customer's own open order does not count against them", async () => {
    const created = await promo({ code: "ONCE", maxUsesPerCustomer: 1, maxUses: 2 });
    const held = await insertPendingOrder(database.db, userId, itemId, 2, { promoCodeId: created._id, promoCode: "ONCE" });
    // Placing again expires the open order, freeing its use: the code is still on offer to this customer.
    expect((await promoOffer(database.db, "ONCE", userId, 50_000, now)).code).toBe("ONCE");
    await database.db.update(orders).set({ paymentStatus: "paid" }).where(eq(orders.id, held.id));
    expect((await appErrorOf(promoOffer(database.db, "ONCE", userId, 50_000, now))).code).toBe("PROMO_ALREADY_USED");

    const other = await insertTestUser(database.db, "Other");
    await insertPendingOrder(database.db, other, itemId, 2, { promoCodeId: created._id, promoCode: "ONCE", paymentStatus: "paid" });
    const third = await insertTestUser(database.db, "Third");
    expect((await appErrorOf(promoOffer(database.db, "ONCE", third, 50_000, now))).code).toBe("PROMO_USED_UP");
  });

  it("refuses a second code of the same name, and deletes one", async () => {
    await promo({ code: "TWICE" });
    expect((await appErrorOf(promo({ code: "twice" }))).code).toBe("ALREADY_EXISTS");
    const listed = (await listPromos(database.db)).find((p) => p.code === "TWICE")!;
    await deletePromo(database.db, listed._id);
    expect((await listPromos(database.db)).some((p) => p.code === "TWICE")).toBe(false);
    expect((await appErrorOf(deletePromo(database.db, listed._id))).code).toBe("NOT_FOUND");
  });
});
