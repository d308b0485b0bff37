import type { Db } from "@mithai/db/client";
import { foodItems } from "@mithai/db/schema";
import { and, desc, isNull, sql } from "@mithai/db/sql";
import type { FoodItem } from "@mithai/schema";
import type { CatalogView } from "./cache";

/** At most this many results, best first (DECISIONS "The shopper's next step"). */
export const SEARCH_LIMIT = 24;

/**
 * How alike a query and a word of the sweet must be (pg_trgm's `word_similarity`, 0–1). At 0.35 "kaju katle" finds
 * Kaju Katli (0.78), "laddu" finds Laddoo (0.67) and "jilebi" finds Jalebi (0.43), while two shared letters do not.
 */
export const SEARCH_SIMILARITY = 0.35;

// The indexed text (food_items_search_trgm_idx): name and ingredients, lower-cased.
const searchText = sql`lower(${foodItems.name} || ' ' || ${foodItems.ingredients})`;
// The Hindi and Telugu names, matched as written (Devanagari and Telugu have no case and trigrams split their words).
const translatedNames = sql`(coalesce(${foodItems.translations}->'hi'->>'name', '') || ' ' || coalesce(${foodItems.translations}->'te'->>'name', ''))`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Sweets on sale whose name or ingredients match `query`, tolerant of spelling, answered by the database's trigram
 * index (pg_trgm, on PostgreSQL and the embedded database alike): a word like the query's (`<%`), or the query as
 * written anywhere in the text. Best first: the query inside the name, then the closest name, then the closest text.
 * A Hindi or Telugu name matches as written anywhere in it. The items come from the catalogue view of the answer's
 * language, so they are the list's items exactly.
 */
export async function searchCatalog(db: Db, view: CatalogView, query: string): Promise<FoodItem[]> {
  const q = query.trim().toLowerCase();
  const contains = `%${escapeLike(q)}%`;
  const rows = await db.transaction(async (tx) => {
    // `<%` compares with this setting; set for this transaction only, so the trigram index answers the match.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_SIMILARITY)}, true)`);
    return tx
      .select({ id: foodItems.id })
      .from(foodItems)
      .where(and(isNull(foodItems.removedAt), sql`(${q} <% ${searchText} or ${searchText} like ${contains} or ${translatedNames} like ${contains})`))
      .orderBy(
        desc(sql`lower(${foodItems.name}) like ${contains} or ${translatedNames} like ${contains}`),
        desc(sql`word_similarity(${q}, lower(${foodItems.name}))`),
        desc(sql`word_similarity(${q}, ${searchText})`),
        foodItems.name,
      )
      .limit(SEARCH_LIMIT);
  });
  return rows.flatMap(({ id }) => {
    const item = view.byId.get(id);
    return item ? [item] : [];
  });
}
