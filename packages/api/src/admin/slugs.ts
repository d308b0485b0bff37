import type { Db } from "@mithai/db/client";
import { foodItems } from "@mithai/db/schema";
import { and, eq, isNull, like, ne, or } from "@mithai/db/sql";
import { SLUG_MAX_LENGTH, slugify } from "@mithai/schema";
import { badRequest } from "../errors";

/**
 * The slug an item gets: the one asked for, or one made from the name; when an item on sale already
 * has it, the first free `-2`, `-3`, ... suffix. Removed items free their slugs.
 */
export async function availableSlug(db: Db, wanted: string, name: string, exceptId?: string): Promise<string> {
  const base = wanted || slugify(name);
  if (!base) throw badRequest("Slug is required when the name has no letters or digits");
  const taken = await db
    .select({ slug: foodItems.slug })
    .from(foodItems)
    .where(
      and(
        isNull(foodItems.removedAt),
        or(eq(foodItems.slug, base), like(foodItems.slug, `${base}-%`)),
        exceptId ? ne(foodItems.id, exceptId) : undefined,
      ),
    );
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (used.has(candidate)) continue;
    // A longer slug would be saved but never found by the storefront's lookup (slugSchema).
    if (candidate.length > SLUG_MAX_LENGTH) throw badRequest("Slug is taken and too long to add a number to; choose a shorter one");
    return candidate;
  }
}
