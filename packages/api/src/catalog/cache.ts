import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Db, DbHandle } from "@mithai/db/client";
import { sql } from "@mithai/db/sql";
import type { FoodItem } from "@mithai/schema/catalog";
import { foodIdSchema, slugSchema } from "@mithai/schema/contracts/catalog";
import { notFound } from "../errors";
import { listFoodItems } from "./food-items";

/** A JSON answer made once: the text, its ETag and its compressed forms. */
export interface PreparedJson {
  json: string;
  etag: string;
  gzip: Buffer;
  br: Buffer;
}

/** The storefront's catalogue as read by every visitor, with the list answers pre-serialised. */
export interface CatalogSnapshot {
  items: FoodItem[];
  bySlug: ReadonlyMap<string, FoodItem>;
  byId: ReadonlyMap<string, FoodItem>;
  /** `GET /api/food/list` body (SPEC §7: `{ success, data }`). */
  listResponse: PreparedJson;
  /** `GET /trpc/catalog.list` body, as tRPC writes a query's result (`{ result: { data } }`, no transformer). */
  trpcListResponse: PreparedJson;
}

export interface CatalogCache {
  snapshot(): Promise<CatalogSnapshot>;
  /** Call after a catalogue write commits: drops every process's copy (NOTIFY reaches all servers on the database). */
  changed(): Promise<void>;
  /** Starts listening for other processes' changes. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL = "mithai_catalog_changed";

/**
 * Catalogue reads are most of the shop's traffic and change only when an admin edits the menu, so
 * they are served from memory. Every server process listens on one channel; a write in any process
 * NOTIFYs it, and a (re)connected listener starts from a fresh read in case it missed one.
 */
export function createCatalogCache(db: Db, listen: DbHandle["listen"]): CatalogCache {
  let current: Promise<CatalogSnapshot> | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  const invalidate = () => {
    current = null;
  };

  return {
    snapshot() {
      if (!current) {
        const loading = loadSnapshot(db);
        current = loading;
        loading.catch(() => {
          if (current === loading) current = null;
        });
      }
      return current;
    },
    async changed() {
      invalidate();
      await db.execute(sql`select pg_notify(${CHANNEL}, '')`);
    },
    async start() {
      unlisten = await listen(CHANNEL, invalidate, invalidate);
    },
    async stop() {
      const stopListening = unlisten;
      unlisten = null;
      // At shutdown the database may already be gone, and with it the subscription.
      await stopListening?.().catch(() => undefined);
    },
  };
}

async function loadSnapshot(db: Db): Promise<CatalogSnapshot> {
  const items = await listFoodItems(db);
  return {
    items,
    bySlug: new Map(items.map((item) => [item.slug, item])),
    byId: new Map(items.map((item) => [item._id, item])),
    listResponse: prepareJson({ success: true, data: items }),
    trpcListResponse: prepareJson({ result: { data: items } }),
  };
}

function prepareJson(value: unknown): PreparedJson {
  const json = JSON.stringify(value);
  return {
    json,
    etag: `"${createHash("sha1").update(json).digest("base64url")}"`,
    gzip: gzipSync(json, { level: 9 }),
    br: brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

export function findBySlug(snapshot: CatalogSnapshot, slug: string): FoodItem {
  const parsed = slugSchema.safeParse(slug);
  const item = parsed.success ? snapshot.bySlug.get(parsed.data) : undefined;
  if (!item) throw notFound("Food item not found");
  return item;
}

export function findById(snapshot: CatalogSnapshot, id: string): FoodItem {
  // A malformed id can never name an item, so it gets the same answer as an unknown one.
  const parsed = foodIdSchema.safeParse(id);
  const item = parsed.success ? snapshot.byId.get(parsed.data) : undefined;
  if (!item) throw notFound("Food item not found");
  return item;
}
