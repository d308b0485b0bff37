import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "@mithai/db/sql";
import { promoCodes } from "@mithai/db/schema";
import { openFinalizeTestDb } from "../payments/finalize-testing";

describe("finalisation step: promo use", () => {
  let db: Awaited<ReturnType<typeof openFinalizeTestDb>>;
  beforeAll(async () => {
    db = await openFinalizeTestDb(1);
  });
  afterAll(() => db.handle.close());

  it("counts the code's use once with the payment, and not again when the payment is reported twice", async () => {
    const [promo] = await db.handle.db.insert(promoCodes).values({ code: "STEPTEST", kind: "flat", value: 1000 }).returning();
    const order = await db.pendingOrder(await db.customer(), [1], { promoCodeId: promo!.id, promoCode: "STEPTEST" });
    await db.pay(order);
    await db.pay(order);
    expect((await db.handle.db.select().from(promoCodes).where(eq(promoCodes.id, promo!.id)))[0]!.uses).toBe(1);
  });
});
