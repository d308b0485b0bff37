import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { reviews, users } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { ADMIN_LIST_PAGE_SIZE } from "@mithai/schema";
import { createCatalogCache, type CatalogCache } from "../catalog/cache";
import { listReviews } from "../reviews/service";
import { appErrorOf } from "../testing";
import { hideReview, listReviewsForAdmin, restoreReview } from "./reviews-admin";

/** Review moderation, called directly: hiding takes a review off the product page, restoring brings it back. */
let database: DbHandle;
let productId: string;
let authorId: string;
let adminId: string;
let adminEmail: string;
let catalog: CatalogCache;
const deps = () => ({ db: database.db, catalog });

const addReview = async (text: string, createdAt?: Date) =>
  (await database.db.insert(reviews).values({ foodItemId: productId, userId: authorId, username: "Reviewer", review: text, createdAt }).returning())[0]!;
const stored = async (id: string) => (await database.db.select().from(reviews).where(eq(reviews.id, id)))[0]!;

beforeAll(async () => {
  database = await createTestDb();
  catalog = createCatalogCache(database.db, database.listen);
  [productId] = (await insertTestFoodItems(database.db, 1)) as [string];
  authorId = await insertTestUser(database.db, "Reviewer");
  adminEmail = `owner-${randomUUID().slice(0, 8)}@example.in`;
  adminId = (await database.db.insert(users).values({ name: "Owner", email: adminEmail, passwordHash: "x", role: "admin" }).returning())[0]!.id;
});
afterAll(() => database.close());

describe("hideReview and restoreReview", () => {
  it("hides a review with who and when, keeps the first hiding, and restores it", async () => {
    const rude = await addReview("Buy from the shop next door!!");
    const kind = await addReview("The jalebi is crisp");

    expect(await hideReview(deps(), adminId, rude.id)).toEqual({ message: "The review is hidden from the product page." });
    const hidden = await stored(rude.id);
    expect(hidden.hiddenBy).toBe(adminId);
    expect(hidden.hiddenAt).toBeInstanceOf(Date);
    expect((await listReviews(database.db, productId)).map((r) => r._id)).toEqual([kind.id]);

    // A second admin hiding it again changes nothing.
    const second = await insertTestUser(database.db, "Second Admin");
    await hideReview(deps(), second, rude.id);
    expect(await stored(rude.id)).toMatchObject({ hiddenBy: adminId, hiddenAt: hidden.hiddenAt });

    const listed = await listReviewsForAdmin(database.db, { show: "hidden" });
    expect(listed.data).toEqual([
      expect.objectContaining({ _id: rude.id, productId, productName: "Test Sweet 0", review: "Buy from the shop next door!!", hiddenBy: adminEmail, hiddenAt: hidden.hiddenAt!.toISOString() }),
    ]);

    expect(await restoreReview(deps(), rude.id)).toEqual({ message: "The review shows on the product page again." });
    expect(await stored(rude.id)).toMatchObject({ hiddenAt: null, hiddenBy: null });
    expect((await listReviews(database.db, productId)).map((r) => r._id).sort()).toEqual([rude.id, kind.id].sort());
    expect((await listReviewsForAdmin(database.db, { show: "hidden" })).data).toEqual([]);
    // Restoring a review that shows already is harmless.
    expect(await restoreReview(deps(), kind.id)).toEqual({ message: "The review shows on the product page again." });
  });

  it("answers NOT_FOUND for a review that does not exist", async () => {
    for (const run of [() => hideReview(deps(), adminId, randomUUID()), () => restoreReview(deps(), randomUUID())]) {
      expect(await appErrorOf(run())).toMatchObject({ code: "NOT_FOUND", message: "Review not found" });
    }
  });
});

describe("listReviewsForAdmin", () => {
  it("filters by visibility and pages newest first through every review once", async () => {
    const base = Date.UTC(2020, 0, 1);
    const made: (typeof reviews.$inferSelect)[] = [];
    for (let i = 0; i < ADMIN_LIST_PAGE_SIZE + 2; i++) made.push(await addReview(`Page review ${i}`, new Date(base + i * 60_000)));
    await hideReview(deps(), adminId, made[0]!.id);

    const all: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listReviewsForAdmin(database.db, { show: "all", cursor });
      all.push(...page.data.map((r) => r._id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(all).size).toBe(all.length);
    const ours = all.filter((id) => made.some((r) => r.id === id));
    expect(ours).toEqual([...made].reverse().map((r) => r.id));

    const visible = (await listReviewsForAdmin(database.db, { show: "visible" })).data.map((r) => r._id);
    expect(visible).not.toContain(made[0]!.id);
    const hidden = (await listReviewsForAdmin(database.db, { show: "hidden" })).data;
    expect(hidden.map((r) => [r._id, r.hiddenBy])).toEqual([[made[0]!.id, adminEmail]]);
    expect(await appErrorOf(listReviewsForAdmin(database.db, { show: "all", cursor: "bm90LWEtY3Vyc29y" }))).toMatchObject({ code: "VALIDATION" });
  });
});

describe("stars and moderation", () => {
  it("a hidden review's stars leave the item's average, and come back with it", async () => {
    const ratingOf = async () => (await catalog.snapshot()).byId.get(productId)!.rating;
    await database.db.delete(reviews).where(eq(reviews.foodItemId, productId));
    await catalog.changed();
    expect(await ratingOf()).toEqual({ average: null, count: 0 });
    const [five, two] = await database.db
      .insert(reviews)
      .values([
        { foodItemId: productId, userId: authorId, username: "Reviewer", review: "Lovely", rating: 5 },
        { foodItemId: productId, userId: authorId, username: "Reviewer", review: "Too sweet", rating: 2 },
        { foodItemId: productId, userId: authorId, username: "Reviewer", review: "Written before stars" },
      ])
      .returning();
    await catalog.changed();
    expect(await ratingOf()).toEqual({ average: 3.5, count: 2 });
    await hideReview(deps(), adminId, two!.id);
    expect(await ratingOf()).toEqual({ average: 5, count: 1 });
    await restoreReview(deps(), two!.id);
    expect(await ratingOf()).toEqual({ average: 3.5, count: 2 });
    expect(five!.rating).toBe(5);
  });
});
