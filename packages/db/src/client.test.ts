import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, reconnectDelaySeconds, type Db, type DbHandle } from "./client";
import { eq, sql } from "./sql";
import { foodItems } from "./tables/catalog";
import { users } from "./tables/customer";
import { createTestPostgresDatabase, testDatabaseKind } from "./testing";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("reconnecting after the database went away", () => {
  it("waits at most a second between attempts, however many failed", () => {
    for (const retries of [0, 1, 3, 10, 1000]) {
      expect(reconnectDelaySeconds(retries)).toBeGreaterThan(0);
      expect(reconnectDelaySeconds(retries)).toBeLessThanOrEqual(1);
    }
  });
});

// The closed-connection crash of postgres.js that the vendored driver guards against (packages/db/vendor/postgres-closed-socket.patch).
describe.runIf(testDatabaseKind() === "postgres")("a transaction whose connection the server closed", () => {
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  let handle: DbHandle;
  let admin: postgres.Sql;
  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    handle = createDb({ databaseUrl: database.url });
    admin = postgres(database.url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await admin.end();
    await handle.close();
    await database.drop();
  });

  it("fails its next statement with CONNECTION_CLOSED instead of crashing the process, and the pool carries on", async () => {
    let statementAfterClose: Promise<unknown> | undefined;
    const transaction = handle.db.transaction(async (tx) => {
      const [own] = (await tx.execute(sql`select pg_backend_pid() as pid`)) as { pid: number }[];
      await admin`select pg_terminate_backend(${own!.pid})`;
      // Let the closed socket reach the driver before the next statement is sent on it.
      while ((await admin`select 1 from pg_stat_activity where pid = ${own!.pid}`).length > 0) await sleep(20);
      await sleep(200);
      statementAfterClose = tx.execute(sql`select 1`);
      await statementAfterClose;
    });
    await expect(transaction).rejects.toThrow();
    // The transaction gives up as soon as its connection closes; its callback still sends the next statement.
    while (!statementAfterClose) await sleep(20);
    await expect(statementAfterClose).rejects.toMatchObject({ cause: { code: "CONNECTION_CLOSED" } });
    await sleep(50);
    expect(await handle.ping()).toBe(true);
  });
});

describe.runIf(testDatabaseKind() === "postgres")("queries through drizzle on PostgreSQL", () => {
  let handle: DbHandle;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestPostgresDatabase();
    handle = createDb({ databaseUrl: database.url, maxConnections: 1 });
    await handle.migrate();
    close = async () => {
      await handle.close();
      await database.drop();
    };
  });
  afterAll(() => close());

  const preparedOnConnection = async (db: Pick<Db, "execute">) =>
    (await db.execute(sql`select statement from pg_prepared_statements`)) as { statement: string }[];

  it("are prepared once per connection, in and out of transactions (one round trip each after the first)", async () => {
    const byName = (name: string) => handle.db.select({ id: foodItems.id }).from(foodItems).where(eq(foodItems.name, name));
    await byName("Jalebi");
    await byName("Kaju Katli");
    const statements = await preparedOnConnection(handle.db);
    // One statement for the select, however many times it ran with different values.
    expect(statements.filter((s) => s.statement.includes('from "food_items"'))).toHaveLength(1);

    await handle.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.email, "asha@example.in"));
      await tx.transaction(async (savepoint) => {
        await savepoint.select({ name: users.name }).from(users).where(eq(users.email, "ravi@example.in"));
      });
      // The transaction's select and the savepoint's (another shape): each prepared.
      expect((await preparedOnConnection(tx)).filter((s) => s.statement.includes('from "users"'))).toHaveLength(2);
    });
  });

  it("still answer after a column they read changes type (the driver prepares them again)", async () => {
    const names = () => handle.db.select({ name: foodItems.name }).from(foodItems).where(eq(foodItems.slug, "none"));
    await names();
    await handle.db.execute(sql`alter table food_items alter column name type varchar(200)`);
    await expect(names()).resolves.toEqual([]);
    await handle.db.execute(sql`alter table food_items alter column name type text`);
  });
});
