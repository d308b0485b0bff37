import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { AppError } from "../errors";
import { createTestContext } from "../testing";
import { orders, reviews } from "@mithai/db/schema";
import { REVIEWS_PAGE_SIZE } from "@mithai/schema";
import { createReview, listReviewPage, listReviews } from "./service";

describe("reviews service", () => {
  let database: DbHandle;
  let productId: string;
  const db = () => database.db;
  const deps = () => createTestContext(database.db);

  beforeAll(async () => {
    database = await createTestDb();
    [productId] = (await insertTestFoodItems(database.db, 1)) as [string];
  });
  afterAll(() => database.close());

  it("posts under the account's name and lists newest first", async () => {
    const asha = await insertTestUser(db(), "Asha");
    const ravi = await insertTestUser(db(), "Ravi");
    const first = await createReview(deps(), asha, { productId, review: "Lovely ghee aroma", rating: 4 });
    const second = await createReview(deps(), ravi, { productId, review: "Fresh and soft", rating: 4 });
    expect(first).toMatchObject({ productId, username: "Asha", review: "Lovely ghee aroma", rating: 4 });
    expect(new Date(first.createdAt).getTime()).not.toBeNaN();
    expect(await listReviews(db(), productId)).toEqual([second, first]);
  });

  it("stores markup verbatim: it is text, the storefront never renders it", async () => {
    const user = await insertTestUser(db(), "<b>Mallory</b>");
    const text = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const review = await createReview(deps(), user, { productId, review: text, rating: 4 });
    expect(review).toMatchObject({ review: text, username: "<b>Mallory</b>" });
    expect((await listReviews(db(), productId))[0]).toEqual(review);
  });

  it.each([
    ["an unknown product", "00000000-0000-4000-8000-000000000000"],
    ["a malformed id", "nope"],
  ])("answers 404 for %s", async (_name, id) => {
    const user = await insertTestUser(db());
    await expect(listReviews(db(), id)).rejects.toThrowError(new AppError("NOT_FOUND", "Food item not found"));
    await expect(createReview(deps(), user, { productId: id, review: "Nice", rating: 4 })).rejects.toThrowError(new AppError("NOT_FOUND", "Food item not found"));
  });

  it("lets a customer post a few reviews in a row, then asks them to wait", async () => {
    const user = await insertTestUser(db());
    const sameServer = deps();
    for (let i = 0; i < 5; i++) await createReview(sameServer, user, { productId, review: `Review ${i}`, rating: 4 });
    await expect(createReview(sameServer, user, { productId, review: "One more", rating: 4 })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect((await listReviews(db(), productId)).filter((r) => r.review === "One more")).toEqual([]);
  });

  it("marks reviews by customers who bought the sweet as verified purchases, not those of a cancelled or unpaid order (issue 16)", async () => {
    const [sweet] = (await insertTestFoodItems(db(), 1)) as [string];
    const buyer = await insertTestUser(db(), "Buyer");
    const browser = await insertTestUser(db(), "Browser");
    const canceller = await insertTestUser(db(), "Canceller");
    const line = { foodItemId: sweet, name: "Barfi", quantity: 1, unitPricePaise: 50_000, image: "x.webp" };
    const address = { fullName: "A", email: "a@example.in", street: "1 Road", city: "Pune", state: "MH", pincode: "411001", country: "India", mobile: "9876543210" };
    const order = { items: [line], subtotalPaise: 50_000, amountPaise: 50_000, address };
    await db().insert(orders).values([
      { ...order, userId: buyer, paymentStatus: "paid", status: "Order Recieved" },
      { ...order, userId: browser, paymentStatus: "pending" },
      { ...order, userId: canceller, paymentStatus: "paid", status: "Cancelled" },
    ]);
    for (const user of [buyer, browser, canceller]) await createReview(deps(), user, { productId: sweet, review: "Tasty", rating: 4 });
    const page = await listReviewPage(db(), { productId: sweet });
    expect(Object.fromEntries(page.reviews.map((r) => [r.username, r.verifiedPurchase]))).toEqual({ Buyer: true, Browser: false, Canceller: false });
    expect((await listReviews(db(), sweet)).filter((r) => r.verifiedPurchase).map((r) => r.username)).toEqual(["Buyer"]);
  });

  it("pages a sweet's reviews newest first with the total, each review once", async () => {
    const [sweet] = (await insertTestFoodItems(db(), 1)) as [string];
    const user = await insertTestUser(db());
    const count = REVIEWS_PAGE_SIZE * 2 + 3;
    // Several share one instant: the id orders them, so none is shown twice or skipped.
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, Math.floor(i / 3)));
    await db().insert(reviews).values(Array.from({ length: count }, (_, i) => ({ foodItemId: sweet, userId: user, username: "U", review: `Review ${i}`, createdAt: at(i) })));
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await listReviewPage(db(), { productId: sweet, cursor });
      expect(page.total).toBe(count);
      seen.push(...page.reviews.map((r) => r.review));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(count);
    expect(seen[0]).toMatch(/Review 2[0-2]/);
    await expect(listReviewPage(db(), { productId: sweet, cursor: "bm90LWEtY3Vyc29y" })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});
