import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows, type DbHandle } from "./client";
import { ORDER_STATUSES, PAYMENT_STATUSES, REFUND_STATUSES, STORED_ORDER_STATUSES } from "@mithai/schema";
import { createTestDb, testDatabaseKind } from "./testing";

describe(`migrations on ${testDatabaseKind()}`, () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it("creates every table of the domain", async () => {
    const rows = await queryRows<{ table_name: string }>(
      handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      "addresses",
      "backups",
      "cart_items",
      "consents",
      "credit_notes",
      "delivery_zones",
      "document_series",
      "food_items",
      "health_alerts",
      "idempotent_requests",
      "invoices",
      "mail_outbox",
      "order_status_changes",
      "orders",
      "password_reset_tokens",
      "payments",
      "promo_codes",
      "refunds",
      "reviews",
      "revoked_sessions",
      "sandbox_gateway_orders",
      "sandbox_gateway_payments",
      "sandbox_gateway_refunds",
      "sandbox_whatsapp_messages",
      "users",
      "webhook_events",
    ]);
  });

  it("is idempotent when applied again", async () => {
    await expect(handle.migrate()).resolves.toBeUndefined();
  });

  it("refuses money outside the price range at the database level", async () => {
    await expect(
      handle.db.execute(
        sql`insert into food_items (slug, name, description, price_paise, image, category, ingredients, benefits, faq)
            values ('x', 'X', 'd', 50, 'x.webp', 'Flour Sweets', 'i', 'b', '[]'::jsonb)`,
      ),
    ).rejects.toThrow();
  });

  describe("statuses: the database takes exactly the values declared in @mithai/schema", () => {
    let userId: string;
    let orderId: string;
    beforeAll(async () => {
      const [user] = await queryRows<{ id: string }>(
        handle.db,
        sql`insert into users (name, email, password_hash) values ('S', 'statuses@example.com', 'x') returning id`,
      );
      userId = user!.id;
    });

    const placeOrder = (paymentStatus: string, status: string) =>
      queryRows<{ id: string }>(
        handle.db,
        sql`insert into orders (user_id, items, subtotal_paise, amount_paise, address, payment_status, status)
            values (${userId}, '[]'::jsonb, 10000, 10000, '{}'::jsonb, ${paymentStatus}, ${status}) returning id`,
      );

    it("orders: every payment status and every fulfilment status (or none yet), and nothing else", async () => {
      for (const paymentStatus of PAYMENT_STATUSES) await expect(placeOrder(paymentStatus, "")).resolves.toHaveLength(1);
      for (const status of STORED_ORDER_STATUSES) await expect(placeOrder("paid", status)).resolves.toHaveLength(1);
      await expect(placeOrder("shipped", "")).rejects.toThrow();
      await expect(placeOrder("paid", "Order Received")).rejects.toThrow(); // the stored spelling is "Recieved"
      await expect(placeOrder("paid", "delivered")).rejects.toThrow();
      [{ id: orderId }] = (await placeOrder("paid", ORDER_STATUSES[0])) as [{ id: string }];
    });

    it("the status timeline and refunds likewise", async () => {
      const change = (status: string) => handle.db.execute(sql`insert into order_status_changes (order_id, status) values (${orderId}, ${status})`);
      for (const status of ORDER_STATUSES) await expect(change(status)).resolves.toBeDefined();
      await expect(change("")).rejects.toThrow();
      await expect(change("Lost")).rejects.toThrow();

      const refund = (status: string) =>
        handle.db.execute(sql`insert into refunds (order_id, payment_id, amount_paise, reason, status) values (${orderId}, 'pay_x', 100, 'r', ${status})`);
      for (const status of REFUND_STATUSES) await expect(refund(status)).resolves.toBeDefined();
      await expect(refund("done")).rejects.toThrow();
    });
  });
});
