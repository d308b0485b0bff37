import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "@mithai/db/sql";
import { payments } from "@mithai/db/schema";
import { openFinalizeTestDb } from "./finalize-testing";

describe("finalisation step: the payment row", () => {
  let db: Awaited<ReturnType<typeof openFinalizeTestDb>>;
  beforeAll(async () => {
    db = await openFinalizeTestDb(1);
  });
  afterAll(() => db.handle.close());

  it("records the provider's payment once, with its amount and who reported it", async () => {
    const order = await db.pendingOrder(await db.customer(), [2]);
    await db.pay(order);
    await db.pay(order);
    expect(await db.handle.db.select().from(payments).where(eq(payments.orderId, order.id))).toMatchObject([{ status: "captured", amountPaise: order.amountPaise, source: "webhook" }]);
  });
});
