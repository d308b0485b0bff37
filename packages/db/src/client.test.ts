import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, preparedQuery, reconnectDelaySeconds, type Db, type DbHandle } from "./client";
import { eq, sql } from "./sql";
import { foodItems } from "./tables/catalog";
import { users } from "./tables/customer";
import { createTestDb, createTestPostgresDatabase, testDatabaseKind } from "./testing";

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

describe.runIf(testDatabaseKind() === "postgres")("prepared queries on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  let handle: DbHandle;
  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    // One connection, so pg_prepared_statements (a session's own) shows every statement the pool made.
    handle = createDb({ databaseUrl: database.url, maxConnections: 1 });
    await handle.migrate();
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  const preparedOn = async (db: Pick<Db, "execute">, table: string) =>
    ((await db.execute(sql`select statement from pg_prepared_statements`)) as { statement: string }[]).filter((s) =>
      s.statement.includes(`from "${table}"`),
    );
  const userByEmail = preparedQuery((db) =>
    db.select({ id: users.id }).from(users).where(eq(users.email, sql.placeholder("email"))).limit(1).prepare("user_by_email"),
  );
  const itemNameBySlug = preparedQuery((db) =>
    db.select({ name: foodItems.name }).from(foodItems).where(eq(foodItems.slug, sql.placeholder("slug"))).prepare("item_name_by_slug"),
  );

  it("are built once per database and prepared once per connection, reused across calls, in a transaction and a savepoint", async () => {
    expect(userByEmail(handle.db)).toBe(userByEmail(handle.db));
    await userByEmail(handle.db).execute({ email: "asha@example.in" });
    await userByEmail(handle.db).execute({ email: "ravi@example.in" });
    expect(await preparedOn(handle.db, "users")).toHaveLength(1);

    const transaction = handle.db.transaction(async (tx) => {
      // Built for the transaction, so it runs in it: it sees the transaction's own row.
      await tx.insert(users).values({ name: "Meera", email: "meera@example.in", passwordHash: "x" });
      expect(await userByEmail(tx).execute({ email: "meera@example.in" })).toHaveLength(1);
      await tx.transaction(async (savepoint) => {
        expect(await userByEmail(savepoint).execute({ email: "meera@example.in" })).toHaveLength(1);
      });
      // Still the connection's one statement for that query.
      expect(await preparedOn(tx, "users")).toHaveLength(1);
      throw new Error("roll back");
    });
    await expect(transaction).rejects.toThrow("roll back");
    expect(await userByEmail(handle.db).execute({ email: "meera@example.in" })).toEqual([]);
  });

  it("leave the rest of drizzle's queries unprepared", async () => {
    await handle.db.select({ id: foodItems.id }).from(foodItems).where(eq(foodItems.name, "Jalebi"));
    expect(await preparedOn(handle.db, "food_items")).toEqual([]);
  });

  it("still answer after a migration changes the type of a column they read (the driver prepares them again)", async () => {
    await itemNameBySlug(handle.db).execute({ slug: "none" });
    await handle.db.execute(sql`alter table food_items alter column name type varchar(200)`);
    await expect(itemNameBySlug(handle.db).execute({ slug: "none" })).resolves.toEqual([]);
    await handle.db.execute(sql`alter table food_items alter column name type text`);
    await expect(itemNameBySlug(handle.db).execute({ slug: "none" })).resolves.toEqual([]);
  });

  it("are sent unnamed when prepared statements are off (behind PgBouncer before 1.21), and still answer", async () => {
    const unprepared = createDb({ databaseUrl: database.url, maxConnections: 1, preparedStatements: false });
    try {
      await expect(userByEmail(unprepared.db).execute({ email: "asha@example.in" })).resolves.toEqual([]);
      await userByEmail(unprepared.db).execute({ email: "ravi@example.in" });
      expect(await preparedOn(unprepared.db, "users")).toEqual([]);
    } finally {
      await unprepared.close();
    }
  });
});

describe("a prepared query on every handle", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("is built once, and runs inside each transaction and savepoint it is handed (its rows, its rollback)", async () => {
    let builds = 0;
    const userByEmail = preparedQuery((db) => {
      builds++;
      return db.select({ name: users.name }).from(users).where(eq(users.email, sql.placeholder("email"))).prepare("user_name_by_email");
    });
    for (const name of ["Meera", "Kavya", "Lata"]) {
      const email = `${name.toLowerCase()}@example.in`;
      const transaction = handle.db.transaction(async (tx) => {
        await tx.insert(users).values({ name, email, passwordHash: "x" });
        expect(await userByEmail(tx).execute({ email })).toEqual([{ name }]);
        await tx.transaction(async (savepoint) => {
          await savepoint.update(users).set({ name: `${name} R` }).where(eq(users.email, email));
          expect(await userByEmail(savepoint).execute({ email })).toEqual([{ name: `${name} R` }]);
        });
        throw new Error("roll back");
      });
      await expect(transaction).rejects.toThrow("roll back");
      expect(await userByEmail(handle.db).execute({ email })).toEqual([]);
    }
    expect(userByEmail(handle.db)).toBe(userByEmail(handle.db));
    expect(builds).toBe(1);
  });
});
