import type { Db } from "@mithai/db/client";
import { cartItems, foodItems, orders } from "@mithai/db/schema";
import { and, eq, isNull, sql } from "@mithai/db/sql";
import type { AdminFoodItem, FoodItemInput } from "@mithai/schema";
import { foodIdSchema } from "@mithai/schema";
import type { ApiDeps } from "../context";
import { ratingsOf, toAdminFoodItem } from "../catalog/food-items";
import type { ImageStore } from "../catalog/image-store";
import { deleteFoodImage, storeFoodImage } from "../catalog/images";
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, type Idempotency } from "./idempotency";
import { AppError, badRequest, notFound } from "../errors";
import { isUniqueViolation } from "@mithai/db/errors";
import { availableSlug } from "./slugs";

/** The database, the picture store, and the storefront's catalogue cache that every write must refresh. */
type CatalogDeps = Pick<ApiDeps, "db" | "catalog" | "images" | "log">;

// Two admins saving the same slug at once: the loser picks the next free suffix.
const SLUG_ATTEMPTS = 3;

/**
 * Adds an item: the fields are already checked (foodItemInputSchema); the picture is checked and
 * stored only then, and removed again when the row cannot be written, so a refusal leaves nothing.
 */
export async function addFoodItem(
  deps: CatalogDeps,
  input: FoodItemInput,
  image: Buffer | undefined,
  options: { idempotency?: Idempotency } = {},
): Promise<AdminFoodItem> {
  if (!image) throw badRequest("Image is required");
  // A retried add (the same Idempotency-Key within 24 hours) answers the first add's item and adds nothing.
  const claim = options.idempotency ? await claimIdempotencyKey<AdminFoodItem>(deps.db, options.idempotency) : null;
  if (claim?.kind === "answered") return claim.answer;
  const claimId = claim?.id;
  try {
    const imageName = await storeFoodImage(deps.images, image);
    const item = await withImageCleanup(deps.images, imageName, () =>
      withFreeSlug(deps.db, input, undefined, (slug) =>
        deps.db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(foodItems)
            .values({ ...columnsOf(input), slug, image: imageName })
            .returning();
          const added = toAdminFoodItem(inserted!);
          // The item and the key's answer are written together: a retry finds both or neither.
          if (claimId) await completeIdempotencyKey(tx, claimId, added);
          return added;
        }),
      ),
    );
    await deps.catalog.changed();
    return item;
  } catch (error) {
    if (claimId) await releaseIdempotencyKey(deps.db, claimId).catch(() => undefined);
    throw error;
  }
}

/**
 * Changes an item on sale; a new picture replaces the old one, no picture keeps it. The old picture's files are
 * deleted only when no order shows it (orders keep the picture they were placed with, on receipts and admin cards).
 */
export async function editFoodItem(deps: CatalogDeps, id: string, input: FoodItemInput, image: Buffer | undefined): Promise<AdminFoodItem> {
  const current = await activeItem(deps.db, id);
  const newImage = image ? await storeFoodImage(deps.images, image) : undefined;
  const row = await withImageCleanup(deps.images, newImage, () =>
    withFreeSlug(deps.db, input, current.id, async (slug) => {
      const [updated] = await deps.db
        .update(foodItems)
        .set({ ...columnsOf(input), slug, image: newImage ?? current.image, updatedAt: sql`now()` })
        .where(and(eq(foodItems.id, current.id), isNull(foodItems.removedAt)))
        .returning();
      if (!updated) throw notFound("Food item not found");
      return updated;
    }),
  );
  await deps.catalog.changed();
  const rating = (await ratingsOf(deps.db, [row.id])).get(row.id);
  if (newImage && !(await anyOrderShows(deps.db, current.image))) {
    // The edit is saved; an old picture the store cannot delete now only takes space.
    await deleteFoodImage(deps.images, current.image).catch((error: unknown) => deps.log.warn({ err: error, image: current.image }, "old picture not deleted"));
  }
  return toAdminFoodItem(row, rating);
}

/** A dry run's check beyond the contract: an edit names an item on sale. */
export async function checkFoodItem(db: Db, id: string | undefined): Promise<void> {
  if (id !== undefined) await activeItem(db, id);
}

/** Runs a database write for a just-stored picture; when the write fails the picture's files go too. */
async function withImageCleanup<T>(images: ImageStore, imageName: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (imageName) await deleteFoodImage(images, imageName).catch(() => undefined);
    throw error;
  }
}

/** True when some order's snapshot shows this picture (an admin edits rarely; a scan of the orders is fine then). */
async function anyOrderShows(db: Db, image: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(sql`${orders.items} @> ${JSON.stringify([{ image }])}::jsonb`)
    .limit(1);
  return row !== undefined;
}

/**
 * Takes an item off sale: it leaves the storefront and every cart and its slug becomes free. The row and its
 * picture stay (a removed item is hidden, not destroyed): reviews, past orders, receipts and the admin's order
 * cards still show it.
 */
export async function removeFoodItem(deps: CatalogDeps, id: string): Promise<void> {
  const current = await activeItem(deps.db, id);
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(foodItems)
      .set({ removedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(foodItems.id, current.id), isNull(foodItems.removedAt)))
      .returning({ id: foodItems.id });
    if (row) await tx.delete(cartItems).where(eq(cartItems.foodItemId, row.id));
    return row;
  });
  if (!removed) throw notFound("Food item not found");
  await deps.catalog.changed();
}

async function activeItem(db: Db, id: string): Promise<typeof foodItems.$inferSelect> {
  const parsed = foodIdSchema.safeParse(id);
  if (!parsed.success) throw notFound("Food item not found");
  const [row] = await db
    .select()
    .from(foodItems)
    .where(and(eq(foodItems.id, parsed.data), isNull(foodItems.removedAt)))
    .limit(1);
  if (!row) throw notFound("Food item not found");
  return row;
}

function columnsOf(input: FoodItemInput) {
  const { price, slug: _slug, ...text } = input;
  return { ...text, pricePaise: price };
}

async function withFreeSlug<T>(db: Db, input: FoodItemInput, exceptId: string | undefined, write: (slug: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const slug = await availableSlug(db, input.slug, input.name, exceptId);
    try {
      return await write(slug);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= SLUG_ATTEMPTS) throw new AppError("ALREADY_EXISTS", "That slug was just taken; please save again");
    }
  }
}
