import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "./client";
import { createTestDb, insertTestFoodItems, insertTestUser } from "./testing";

const count = async (handle: Awaited<ReturnType<typeof createTestDb>>, table: string) =>
  (await queryRows<{ n: number }>(handle.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

/**
 * Test files get embedded databases that earlier files closed, emptied (testing.ts): each must still start exactly as
 * the run's migrations left it, whatever the file before did with it.
 */
describe.runIf(!process.env.TEST_DATABASE_URL)("a test file's embedded database, reused", () => {
  it("starts empty but for the migrations' own rows, and the closed handle reaches nothing", async () => {
    const first = await createTestDb();
    const zones = await count(first, "delivery_zones");
    const user = await insertTestUser(first.db);
    await insertTestFoodItems(first.db, 3);
    await first.close();
    await expect(first.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: "This test database is closed" } });

    const second = await createTestDb();
    try {
      expect(await count(second, "users")).toBe(0);
      expect(await count(second, "food_items")).toBe(0);
      expect(await count(second, "delivery_zones")).toBe(zones);
      expect(zones).toBeGreaterThan(0);
      expect(await queryRows(second.db, sql`select id from users where id = ${user}`)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it("forgets the session's settings, advisory locks and LISTENs", async () => {
    const first = await createTestDb();
    await first.db.execute(sql`set statement_timeout = '1234ms'`);
    await first.db.execute(sql`select pg_advisory_lock(42)`);
    const heard: string[] = [];
    await first.listen("reuse_test", (payload) => heard.push(payload));
    await first.close();

    const second = await createTestDb();
    try {
      expect((await queryRows<{ t: string }>(second.db, sql`select current_setting('statement_timeout') as t`))[0]!.t).toBe("0");
      expect((await queryRows<{ n: number }>(second.db, sql`select count(*)::int as n from pg_locks where locktype = 'advisory'`))[0]!.n).toBe(0);
      await second.db.execute(sql`select pg_notify('reuse_test', 'for nobody')`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it("is not reused when its file changed the schema or left a transaction open", async () => {
    const changed = await createTestDb();
    await changed.db.execute(sql`alter table food_items add column left_behind integer`);
    await changed.close();
    const afterChange = await createTestDb();
    try {
      const columns = await queryRows(afterChange.db, sql`select column_name from information_schema.columns where table_name = 'food_items' and column_name = 'left_behind'`);
      expect(columns).toEqual([]);
    } finally {
      await afterChange.close();
    }

    const open = await createTestDb();
    await open.db.execute(sql`begin`);
    await open.db.execute(sql`insert into users (name, email, password_hash) values ('Half', 'half@example.in', 'x')`);
    await open.close();
    const afterOpen = await createTestDb();
    try {
      expect(await count(afterOpen, "users")).toBe(0);
      await expect(afterOpen.db.execute(sql`begin`)).resolves.toBeDefined();
      await afterOpen.db.execute(sql`rollback`);
    } finally {
      await afterOpen.close();
    }
  });
});
