import type { Db } from "@mithai/db/client";
import { queryRows } from "@mithai/db/client";
import { sql } from "@mithai/db/sql";

/** Row count and content hash of every application table: equal snapshots mean nothing in the database changed. */
export type DbSnapshot = Record<string, { rows: number; hash: string }>;

export async function snapshotDb(db: Db): Promise<DbSnapshot> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename not like '__drizzle%' order by tablename`,
  );
  const snapshot: DbSnapshot = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number | string; hash: string | null }>(
      db,
      sql`select count(*) as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(name)} t`,
    );
    snapshot[name] = { rows: Number(row!.rows), hash: row!.hash ?? "" };
  }
  return snapshot;
}
