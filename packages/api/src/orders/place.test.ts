import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { eq } from "@mithai/db/sql";
import { deliveryZones, foodItems, orders, promoCodes, sandboxGatewayOrders } from "@mithai/db/schema";
import { insertTestUser } from "@mithai/db/testing";
import { appErrorOf, createTestContext, openDomainTestDb, testAddress } from "../testing";
import { storeCartPromo } from "../promos/cart-promo";
import { placeOrder } from "./place";


/** `placeOrder`, called directly, with the real SDK reaching the sandbox gateway in this process. */
describe("placeOrder", () => {
  let handle: DbHandle;
  let ctx: ReturnType<typeof createTestContext>;
  let itemIds: string[];

  beforeAll(async () => {
    ({ handle, ctx, itemIds } = await openDomainTestDb(2, { sandbox: true }));
    await handle.db.insert(deliveryZones).values({ name: "Kolkata", pincodes: ["7000"], chargePaise: 4_900, freeAbovePaise: 100_000, minDays: 1, maxDays: 2 });
  });
  afterAll(() => handle.close());

  const stockOf = async (id: string) => (await handle.db.select({ stockKg: foodItems.stockKg }).from(foodItems).where(eq(foodItems.id, id)))[0]!.stockKg;

  it("stores the lines at catalogue prices with delivery, in paise, reserves tracked stock and creates the provider's order for the amount", async () => {
    await handle.db.update(foodItems).set({ stockKg: 5 }).where(eq(foodItems.id, itemIds[0]!));
    const userId = await insertTestUser(handle.db);
    const placed = await placeOrder(ctx, userId, { address: testAddress, items: [{ _id: itemIds[0]!, quantity: 2 }, { _id: itemIds[1]!, quantity: 1 }] });
    // ₹100 × 2 + ₹200 × 1 = ₹400, under the ₹1,000 free-delivery line: ₹49 delivery.
    expect(placed).toMatchObject({ success: true, amount: 44_900, currency: "INR", discountApplied: false, deliveryCharge: 49 });
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({ userId, subtotalPaise: 40_000, deliveryChargePaise: 4_900, amountPaise: 44_900, paymentStatus: "pending", stockHeld: true, deliveryZone: "Kolkata" });
    expect(order!.items).toEqual([
      expect.objectContaining({ foodItemId: itemIds[0], quantity: 2, unitPricePaise: 10_000, reserved: true }),
      expect.not.objectContaining({ reserved: true }),
    ]);
    expect(await stockOf(itemIds[0]!)).toBe(3);
    const [atProvider] = await handle.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.id, placed.razorpayOrderId));
    expect(atProvider).toMatchObject({ amountPaise: 44_900, receipt: placed.orderId });
  });

  it("refuses more than is left (409 naming what is left), storing nothing", async () => {
    await handle.db.update(foodItems).set({ stockKg: 1 }).where(eq(foodItems.id, itemIds[1]!));
    const userId = await insertTestUser(handle.db);
    const short = await appErrorOf(placeOrder(ctx, userId, { address: testAddress, items: [{ _id: itemIds[1]!, quantity: 2 }] }));
    expect(short).toMatchObject({ code: "STOCK_SHORT", message: "Only 1 kg of Test Sweet 1 left" });
    expect(await handle.db.select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
    expect(await stockOf(itemIds[1]!)).toBe(1);
  });

  it("without a promo code in the request, applies the code kept with the cart; one sent wins over it", async () => {
    await handle.db.update(foodItems).set({ stockKg: null }).where(eq(foodItems.id, itemIds[1]!));
    await handle.db.insert(promoCodes).values([
      { code: "KEPT10", kind: "percent", value: 10 },
      { code: "SENT20", kind: "percent", value: 20 },
    ]);
    const userId = await insertTestUser(handle.db);
    await storeCartPromo(handle.db, userId, "KEPT10");
    const kept = await placeOrder(ctx, userId, { address: testAddress, items: [{ _id: itemIds[1]!, quantity: 1 }] });
    // ₹200 less 10 %, plus ₹49 delivery.
    expect(kept).toMatchObject({ promoApplied: true, promoCode: "KEPT10", discount: 20, amount: 18_000 + 4_900 });
    const sent = await placeOrder(ctx, userId, { address: testAddress, items: [{ _id: itemIds[1]!, quantity: 1 }], promoCode: "sent20" });
    expect(sent).toMatchObject({ promoCode: "SENT20", discount: 40 });
  });

  it("places the order without the kept code when it no longer applies, instead of refusing it; a code sent that does not apply is refused", async () => {
    await handle.db.insert(promoCodes).values({ code: "GONE15", kind: "percent", value: 15, validTo: new Date(Date.now() - 60_000) });
    const userId = await insertTestUser(handle.db);
    await storeCartPromo(handle.db, userId, "GONE15");
    const placed = await placeOrder(ctx, userId, { address: testAddress, items: [{ _id: itemIds[1]!, quantity: 1 }] });
    expect(placed).toMatchObject({ promoApplied: false, promoCode: null, discount: 0, amount: 20_000 + 4_900 });
    const refused = await appErrorOf(placeOrder(ctx, userId, { address: testAddress, items: [{ _id: itemIds[1]!, quantity: 1 }], promoCode: "GONE15" }));
    expect(refused.code).toBe("PROMO_EXPIRED");
  });
});
