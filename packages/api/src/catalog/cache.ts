import type { Db, DbHandle } from "@mithai/db/client";
import { sql } from "@mithai/db/sql";
import type { FoodItem } from "@mithai/schema/catalog";
import { foodIdSchema, slugSchema } from "@mithai/schema/contracts/catalog";
import { notFound } from "../errors";
import { listFoodItems } from "./food-items";

/** The storefront's catalogue as read by every visitor. */
export interface CatalogSnapshot {
  items: FoodItem[];
  bySlug: ReadonlyMap<string, FoodItem>;
  byId: ReadonlyMap<string, FoodItem>;
  /** Grows with every read of the catalogue in this process: what is derived from a snapshot can be kept per version. */
  version: number;
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
  let loads = 0;
  let unlisten: (() => Promise<void>) | null = null;
  const invalidate = () => {
    current = null;
  };

  return {
    snapshot() {
      if (!current) {
        const loading = loadSnapshot(db, ++loads);
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

async function loadSnapshot(db: Db, version: number): Promise<CatalogSnapshot> {
  const items = await listFoodItems(db);
  return {
    items,
    bySlug: new Map(items.map((item) => [item.slug, item])),
    byId: new Map(items.map((item) => [item._id, item])),
    version,
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
