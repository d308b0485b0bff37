import type { Db, DbHandle } from "@mithai/db/client";
import { sql } from "@mithai/db/sql";
import type { AdminFoodItem, FoodItem } from "@mithai/schema";
import { foodIdSchema, type Language, LANGUAGES, slugSchema } from "@mithai/schema";
import { notFound } from "../errors";
import { listFoodItems } from "./food-items";
import { itemInLanguage } from "./translate";

/** The catalogue in one language. */
export interface CatalogView {
  items: FoodItem[];
  bySlug: ReadonlyMap<string, FoodItem>;
  byId: ReadonlyMap<string, FoodItem>;
}

/** The storefront's catalogue as read by every visitor: in English (`items`, `bySlug`, `byId`) and in every language. */
export interface CatalogSnapshot extends CatalogView {
  languages: Readonly<Record<Language, CatalogView>>;
  /** Every item with its Hindi and Telugu fields, for the admin. */
  adminItems: AdminFoodItem[];
  adminById: ReadonlyMap<string, AdminFoodItem>;
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
  const adminItems = await listFoodItems(db);
  const languages = Object.fromEntries(LANGUAGES.map((lang) => [lang, viewOf(adminItems.map((item) => itemInLanguage(item, lang)))])) as Record<Language, CatalogView>;
  return { ...languages.en, languages, adminItems, adminById: new Map(adminItems.map((item) => [item._id, item])), version };
}

function viewOf(items: FoodItem[]): CatalogView {
  return { items, bySlug: new Map(items.map((item) => [item.slug, item])), byId: new Map(items.map((item) => [item._id, item])) };
}

export function findBySlug(view: CatalogView, slug: string): FoodItem {
  const parsed = slugSchema.safeParse(slug);
  const item = parsed.success ? view.bySlug.get(parsed.data) : undefined;
  if (!item) throw notFound("Food item not found");
  return item;
}

export function findById<T extends FoodItem>(view: { byId: ReadonlyMap<string, T> }, id: string): T {
  // A malformed id can never name an item, so it gets the same answer as an unknown one.
  const parsed = foodIdSchema.safeParse(id);
  const item = parsed.success ? view.byId.get(parsed.data) : undefined;
  if (!item) throw notFound("Food item not found");
  return item;
}
