import type { Db } from "@mithai/db/client";
import { queryRows } from "@mithai/db/client";
import { sql } from "@mithai/db/sql";

/**
 * Row count and content hash of every application table: equal snapshots mean nothing in the database changed.
 * The mail outbox's delivery columns (attempts, claims, sent) are the worker's, which keeps sending in the background;
 * which mails exist is what a request could change, so that is what is compared.
 */
export type DbSnapshot = Record<string, { rows: number; hash: string }>;

const BACKGROUND_COLUMNS: Record<string, string[]> = {
  mail_outbox: ["id", "kind", "subject_id", "recipient", "created_at"],
};

export async function snapshotDb(db: Db): Promise<DbSnapshot> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename not like '__drizzle%' order by tablename`,
  );
  const snapshot: DbSnapshot = {};
  for (const { name } of tables) {
    const columns = BACKGROUND_COLUMNS[name];
    const source = columns ? sql`(select ${sql.join(columns.map((column) => sql.identifier(column)), sql`, `)} from ${sql.identifier(name)})` : sql.identifier(name);
    const [row] = await queryRows<{ rows: number | string; hash: string | null }>(
      db,
      sql`select count(*) as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${source} t`,
    );
    snapshot[name] = { rows: Number(row!.rows), hash: row!.hash ?? "" };
  }
  return snapshot;
}
