import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signPayment } from "@mithai/api";
import { createDb, type DbHandle } from "@mithai/db/client";
import { foodItems } from "@mithai/db/schema";
import { asc, sql } from "@mithai/db/sql";
import { createTestPostgresDatabase, testDatabaseKind } from "@mithai/db/testing";
import type { TestApp } from "../testing";
import { createCheckoutApp, createCustomer, placeOrderVia, verifyVia } from "./fixtures";

/** The hot queries of the checkout path (db/client.ts preparedQuery), each known by a piece of its text. */
const HOT_QUERIES = {
  "token version": 'select "token_version", exists (select 1 from "revoked_sessions"',
  "cart lock": 'select "id" from "users" where "users"."id" = $1 for update',
  "open order slot": 'with "previous" as (select "id", "open_order_id" from "users"',
  "cart item stock": 'select "name", "stock_kg" from "food_items"',
  "cart add": 'insert into "cart_items"',
  "cart take one": 'update "cart_items" set "quantity" = "cart_items"."quantity" - 1',
  "cart delete last": 'delete from "cart_items" where (("cart_items"."user_id" = $1 and "cart_items"."food_item_id" = $2) and "cart_items"."quantity" <= $3)',
  cart: 'select "cart_items"."food_item_id", "cart_items"."quantity" from "cart_items"',
  "checkout cart": '"cart_items"."quantity", (select count(*)::int from "orders"',
  "stock lock": 'in (select jsonb_array_elements_text($1::jsonb)::uuid)',
  "order insert": 'insert into "orders"',
  finalizePaid: 'with "paid" as (update "orders"',
  "receipt read": '"invoices"."number", "users"."language" from "orders"',
  "mail marked sent": 'update "mail_outbox" set "locked_until" = $1, "last_error" = $2::text, "sent_at" = now()',
};

describe.runIf(testDatabaseKind() === "postgres")("the checkout path's hot queries on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  let handle: DbHandle;
  let t: TestApp;
  let itemIds: string[];
  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    // One connection, so pg_prepared_statements (a session's own) shows every statement the shop prepared.
    handle = createDb({ databaseUrl: database.url, maxConnections: 1 });
    await handle.migrate();
    t = await createCheckoutApp({ database: handle });
    itemIds = (await handle.db.select({ id: foodItems.id }).from(foodItems).orderBy(asc(foodItems.slug)).limit(2)).map((row) => row.id);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
    await database.drop();
  });

  const preparedStatements = async () =>
    ((await handle.db.execute(sql`select statement from pg_prepared_statements order by statement`)) as { statement: string }[]).map((row) => row.statement);

  /** A customer fills the cart, takes some out, places the order and pays for it. */
  async function checkout(): Promise<void> {
    const buyer = await createCustomer(t);
    const cart = async (action: "get" | "add" | "remove", itemId?: string) => {
      const res = await t.app.inject({ method: "POST", url: `/api/cart/${action}`, headers: { authorization: `Bearer ${buyer.token}` }, payload: { itemId } });
      expect(res.statusCode).toBe(200);
    };
    // The cart is read outside a transaction here, and inside the add and remove transactions.
    await cart("get");
    await cart("add", itemIds[0]);
    await cart("add", itemIds[0]);
    await cart("add", itemIds[1]);
    await cart("remove", itemIds[0]);
    await cart("remove", itemIds[1]);
    const placed = await placeOrderVia(t, buyer);
    expect(placed.status).toBe(200);
    const paymentId = `pay_${randomBytes(7).toString("hex")}`;
    const verified = await verifyVia(t, buyer, {
      razorpay_order_id: placed.body.razorpayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signPayment(placed.body.razorpayOrderId, paymentId, t.env.payments.keySecret),
    });
    expect(verified.body).toMatchObject({ success: true, orderId: placed.body.orderId });
    // The receipt goes out after the answer: sent before the statements are counted.
    await t.app.deps.outbox.drain();
  }

  it("are prepared once per connection, in and out of transactions, and every later checkout reuses them", async () => {
    await checkout();
    const afterFirst = await preparedStatements();
    for (const [name, text] of Object.entries(HOT_QUERIES)) {
      expect({ name, statements: afterFirst.filter((statement) => statement.includes(text)).length }).toEqual({ name, statements: 1 });
    }

    await checkout();
    await checkout();
    expect(await preparedStatements()).toEqual(afterFirst);
  });
});
