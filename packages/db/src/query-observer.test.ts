import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedQuery, type DbHandle } from "./client";
import { observeQueries, queryScopeOf, withQueryScope } from "./query-observer";
import { eq, sql } from "./sql";
import { foodItems } from "./tables/catalog";
import { createTestDb } from "./testing";

const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

describe("a database handle's scope, told to the observers of its statements", () => {
  let handle: DbHandle;
  const heard: { statement: string; scope: unknown }[] = [];
  let stop: () => void;
  beforeAll(async () => {
    handle = await createTestDb();
    stop = observeQueries((statement, scope) => {
      heard.push({ statement, scope });
      return () => {};
    });
  });
  afterAll(async () => {
    stop();
    await handle.close();
  });

  const byId = preparedQuery((db) => db.select({ id: foodItems.id }).from(foodItems).where(eq(foodItems.id, sql.placeholder("id"))).prepare("scope_test_food"));

  it("reaches every statement run through the scoped handle: plain, raw, prepared, in its transactions and savepoints; never the shop's own handle", async () => {
    const scope = { name: "request 1" };
    const scoped = withQueryScope(handle.db, scope);
    expect(queryScopeOf(scoped)).toBe(scope);
    expect(queryScopeOf(handle.db)).toBeUndefined();

    heard.length = 0;
    await scoped.select().from(foodItems).limit(1);
    await scoped.execute(sql`select 1 as scoped_raw`);
    await byId(scoped).execute({ id: NO_SUCH_ID });
    await scoped.transaction(async (tx) => {
      expect(queryScopeOf(tx)).toBe(scope);
      await tx.execute(sql`select 2 as in_transaction`);
      await byId(tx).execute({ id: NO_SUCH_ID });
      await tx.transaction((savepoint) => savepoint.execute(sql`select 3 as in_savepoint`));
    });
    // The relational builders, made on first use, are the same tables as the shop's handle's.
    expect(Object.keys(scoped.query)).toEqual(Object.keys(handle.db.query));
    expect("foodItems" in scoped.query).toBe(true);
    await scoped.query.foodItems.findFirst();
    const ours = heard.filter((h) => !/^(begin|commit|savepoint|release)/i.test(h.statement));
    expect(ours.map((h) => h.statement).join("\n")).toMatch(/scoped_raw[\s\S]*in_transaction[\s\S]*in_savepoint/);
    expect(ours.length).toBeGreaterThanOrEqual(7);
    expect(ours.every((h) => h.scope === scope)).toBe(true);

    heard.length = 0;
    await handle.db.select().from(foodItems).limit(1);
    await byId(handle.db).execute({ id: NO_SUCH_ID });
    expect(heard.length).toBe(2);
    expect(heard.every((h) => h.scope === undefined)).toBe(true);
  });

  it("keeps two scoped handles apart when their statements run side by side", async () => {
    const [a, b] = [{ name: "a" }, { name: "b" }];
    heard.length = 0;
    await Promise.all([
      withQueryScope(handle.db, a).execute(sql`select 'a' as side`),
      withQueryScope(handle.db, b).transaction((tx) => tx.execute(sql`select 'b' as side`)),
    ]);
    expect(heard.find((h) => h.statement.includes("'a'"))?.scope).toBe(a);
    expect(heard.find((h) => h.statement.includes("'b'"))?.scope).toBe(b);
  });
});
