import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "@mithai/db/sql";
import { cartItems } from "@mithai/db/schema";
import { openFinalizeTestDb } from "../payments/finalize-testing";

describe("finalisation step: cart reduction", () => {
  let db: Awaited<ReturnType<typeof openFinalizeTestDb>>;
  beforeAll(async () => {
    db = await openFinalizeTestDb(2);
  });
  afterAll(() => db.handle.close());

  it("takes the bought kilos out of the cart: a line with more keeps the rest, a line bought whole goes, others stay", async () => {
    const userId = await db.customer();
    await db.handle.db.insert(cartItems).values([
      { userId, foodItemId: db.itemIds[0]!, quantity: 5 },
      { userId, foodItemId: db.itemIds[1]!, quantity: 1 },
    ]);
    const order = await db.pendingOrder(userId, [2, 1]);
    expect(await db.pay(order)).toMatchObject({ finalized: true });
    const lines = await db.handle.db.select().from(cartItems).where(eq(cartItems.userId, userId));
    expect(lines.map((line) => [line.foodItemId, line.quantity])).toEqual([[db.itemIds[0]!, 3]]);
  });
});
