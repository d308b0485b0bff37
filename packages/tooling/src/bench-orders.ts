/**
 * Seeds 100,000 orders into a fresh PostgreSQL database and prints how long the admin order list
 * takes (first page, a deep page, each filter and search) with the plans PostgreSQL chose.
 * Run: npm run bench:orders   (TEST_DATABASE_URL names a server it may create and drop a database on)
 */
import { performance } from "node:perf_hooks";
import { queryRows } from "@mithai/db/client";
import { orders } from "@mithai/db/schema";
import { count, sql, type SQL } from "@mithai/db/sql";
import { createTestDb, testDatabaseKind } from "@mithai/db/testing";
import { type OrderListInput, orderListInputSchema } from "@mithai/schema";
import { decodeCursor, listAdminOrders, matchingCountQuery, orderFilterCondition, orderPageQuery } from "@mithai/api";

const ORDERS = 100_000;
const CUSTOMERS = 5_000;
const RUNS = 7;

if (testDatabaseKind() !== "postgres") {
  console.error("Set TEST_DATABASE_URL to a PostgreSQL server (npm run bench:orders sets a local default).");
  process.exit(1);
}

const database = await createTestDb();
const { db } = database;
try {
  const seedStart = performance.now();
  await db.execute(sql`
    insert into users (name, email, password_hash, role, phone_number)
    select 'Customer ' || n, 'customer' || n || '@example.in', 'x', 'user', (9000000000 + n)::text
    from generate_series(1, ${CUSTOMERS}) as n`);
  // A year of orders; 90% paid, the rest pending, failed or expired; statuses spread like a busy kitchen's.
  await db.execute(sql`
    insert into orders (user_id, items, subtotal_paise, amount_paise, address, payment_status, status, payment_id, created_at)
    select u.id,
           jsonb_build_array(jsonb_build_object('foodItemId', gen_random_uuid(), 'name', 'Kaju Katli', 'quantity', 1 + n % 3, 'unitPricePaise', 120000, 'image', 'x.webp')),
           120000 * (1 + n % 3), 120000 * (1 + n % 3),
           jsonb_build_object('fullName', u.name, 'email', u.email, 'street', n || ' MG Road', 'city', 'Pune', 'state', 'Maharashtra',
                              'pincode', '411001', 'country', 'India', 'mobile', '+91' || u.phone_number),
           case when n % 10 = 0 then (array['pending', 'failed', 'expired'])[1 + n % 3] else 'paid' end,
           case when n % 10 = 0 then '' else (array['Order Recieved', 'Food Processing', 'Out for delivery', 'Delivered', 'Delivered', 'Delivered', 'Cancelled'])[1 + n % 7] end,
           case when n % 10 = 0 then null else 'pay_' || n end,
           now() - (n * interval '315 seconds')
    from generate_series(1, ${ORDERS}) as n
    join users u on u.email = 'customer' || (1 + n % ${CUSTOMERS}) || '@example.in'`);
  await db.execute(sql`analyze`);
  const [seeded] = await db.select({ n: count() }).from(orders);
  console.log(`Seeded ${seeded?.n} orders for ${CUSTOMERS} customers in ${Math.round(performance.now() - seedStart)} ms\n`);

  const [middle] = await queryRows<{ id: string; at: string }>(
    db,
    sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
        from orders where payment_status = 'paid' order by created_at desc, id desc offset 45000 limit 1`,
  );
  const deepCursor = Buffer.from(`${middle!.at}|${middle!.id}`).toString("base64url");
  const today = new Date().toISOString().slice(0, 10);
  const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);

  const cases: [string, Record<string, unknown>][] = [
    ["first page, paid orders (default)", {}],
    ["page 2,250 (45,000 orders deep) by cursor", { cursor: deepCursor }],
    ["status = Cancelled", { status: "Cancelled" }],
    ["last 7 days", { from: lastWeek, to: today }],
    ["search by customer e-mail", { q: "customer42@example.in" }],
    ["search by mobile", { q: "+91 90000 00042" }],
    ["search by order id prefix", { q: middle!.id.slice(0, 8) }],
    ["every payment state, 200 a page", { payment: "all", limit: 200 }],
  ];

  console.log("median of 7 runs (page query and the matching-orders count, run together):");
  for (const [name, raw] of cases) {
    const input = orderListInputSchema.parse(raw);
    const times: number[] = [];
    let shown = 0;
    let total = 0;
    let capped = false;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const page = await listAdminOrders(db, input);
      times.push(performance.now() - start);
      shown = page.data.length;
      total = page.total;
      capped = page.totalCapped;
    }
    times.sort((a, b) => a - b);
    console.log(`  ${name.padEnd(44)} ${times[RUNS >> 1]!.toFixed(1).padStart(7)} ms   ${String(shown).padStart(3)} shown of ${total}${capped ? "+" : ""}`);
  }

  await explain("First page (default filters)", {});
  await explain("Deep page by cursor", { cursor: deepCursor });
  await explain("Search by customer e-mail", { q: "customer42@example.in" });
} finally {
  await database.close();
}

async function explain(title: string, raw: Record<string, unknown>): Promise<void> {
  const input: OrderListInput = orderListInputSchema.parse(raw);
  const where = orderFilterCondition(input);
  const page = orderPageQuery(db, where, input.cursor ? decodeCursor(input.cursor) : undefined, input.limit);
  const total = matchingCountQuery(db, where);
  for (const [what, query] of [["page", page], ["count", total]] as [string, SQL | typeof page | typeof total][]) {
    const plan = await queryRows<{ "QUERY PLAN": string }>(db, sql`explain (analyze, buffers, costs off) ${query}`);
    console.log(`\n${title} — ${what}:\n${plan.map((row) => `  ${row["QUERY PLAN"]}`).join("\n")}`);
  }
}
