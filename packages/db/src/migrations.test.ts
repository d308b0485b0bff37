import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows, type DbHandle } from "./client";
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
      "cart_items",
      "consents",
      "credit_notes",
      "delivery_zones",
      "document_series",
      "food_items",
      "invoices",
      "mail_outbox",
      "order_status_changes",
      "orders",
      "password_reset_tokens",
      "payments",
      "promo_codes",
      "refunds",
      "reviews",
      "sandbox_gateway_orders",
      "sandbox_gateway_payments",
      "sandbox_gateway_refunds",
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
});
