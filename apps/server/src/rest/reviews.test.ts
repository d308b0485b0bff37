import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAuthToken } from "@mithai/api";
import { insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { reviews } from "@mithai/db/schema";
import type { FoodItem, Review } from "@mithai/schema";
import { createTestApp, jsonOf, TEST_JWT_SECRET, type TestApp } from "../testing";

describe("reviews over REST", () => {
  let t: TestApp;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [productId] = (await insertTestFoodItems(t.database.db, 1)) as [string];
  });
  afterAll(() => t.close());

  const tokenFor = async (name: string) => signAuthToken({ userId: await insertTestUser(t.database.db, name), role: "user" }, TEST_JWT_SECRET);
  // Every new review carries stars (issue 30); the tests of other rules give it 5 unless they say otherwise.
  const postReview = (token: string | null, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/reviews", headers: token ? { authorization: `Bearer ${token}` } : {}, payload: { rating: 5, ...payload } });
  const listOf = async () => jsonOf<Review[]>(await t.app.inject(`/api/reviews/${productId}`));

  it("posts a review (trimmed, under the account's name, never a name the client sends) and lists newest first", async () => {
    const first = await postReview(await tokenFor("Meera"), { productId, review: "  Melts in the mouth  ", username: "Someone Else" });
    expect(first.statusCode).toBe(201);
    expect(jsonOf(first)).toMatchObject({ productId, username: "Meera", review: "Melts in the mouth" });
    const second = await postReview(await tokenFor("Kabir"), { productId, review: "Not too sweet" });

    const list = await t.app.inject(`/api/reviews/${productId}`);
    expect(list.statusCode).toBe(200);
    expect(jsonOf(list)).toEqual([jsonOf(second), jsonOf(first)]);
  });

  it("stores and answers markup verbatim as JSON text", async () => {
    const text = `<script>document.title="pwned"</script>`;
    const res = await postReview(await tokenFor("Eve"), { productId, review: text });
    expect(res.headers["content-type"]).toContain("application/json");
    expect(jsonOf<Review>(res).review).toBe(text);
    expect((await listOf())[0]!.review).toBe(text);
  });

  it("needs a signed-in customer", async () => {
    const before = await listOf();
    for (const token of [null, "not.a.token"]) {
      const res = await postReview(token, { productId, review: "Sneaky" });
      expect(res.statusCode).toBe(401);
      expect(jsonOf(res)).toEqual({ success: false, code: "UNAUTHENTICATED", message: "Please log in to continue", requestId: expect.any(String) });
    }
    expect(await listOf()).toEqual(before);
  });

  it.each([
    ["empty", "", "review: Please enter your review"],
    ["only whitespace", " \n\t ", "review: Please enter your review"],
    ["missing", undefined, "review: Please enter your review"],
    ["over 2000 characters", "a".repeat(2001), "review: A review can be at most 2000 characters"],
  ])("refuses a review that is %s with 400", async (_name, review, message) => {
    const before = await listOf();
    const res = await postReview(await tokenFor("Tester"), { productId, review });
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res)).toMatchObject({ success: false, message, errors: [{ path: "review" }] });
    expect(await listOf()).toEqual(before);
  });

  it("accepts exactly 2000 characters", async () => {
    const res = await postReview(await tokenFor("Verbose"), { productId, review: "b".repeat(2000) });
    expect(res.statusCode).toBe(201);
  });

  it("answers 404 for an unknown or malformed product, listing or posting", async () => {
    const token = await tokenFor("Lost");
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const list = await t.app.inject(`/api/reviews/${id}`);
      expect(list.statusCode).toBe(404);
      expect(jsonOf(list)).toEqual({ success: false, code: "NOT_FOUND", message: "Food item not found", requestId: expect.any(String) });
      const post = await postReview(token, { productId: id, review: "Where is it?" });
      expect(post.statusCode).toBe(404);
    }
  });

  it("answers 429 with a message when one customer posts too many reviews at once", async () => {
    const token = await tokenFor("Flooder");
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await postReview(token, { productId, review: `Again ${i}` })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const last = await postReview(token, { productId, review: "Still more" });
    expect(jsonOf<{ message: string }>(last).message).toMatch(/try again/);
  });

  it.each([
    ["missing", undefined],
    ["0", 0],
    ["6", 6],
    ["3.5", 3.5],
    ["text", "4"],
    ["null", null],
  ])("refuses stars that are %s with 400 naming rating, and stores nothing", async (_name, rating) => {
    const before = await listOf();
    const res = await postReview(await tokenFor("Starry"), { productId, review: "Nice", rating });
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res)).toMatchObject({ success: false, code: "VALIDATION", message: "rating: Please choose 1 to 5 stars", errors: [{ path: "rating" }] });
    expect(await listOf()).toEqual(before);
  });

  it("a rated review changes the item's average and count in the list and slug answers; older reviews without stars do not count", async () => {
    const [sweet] = (await insertTestFoodItems(t.database.db, 1)) as [string];
    const ratingOf = async () => {
      const item = jsonOf<{ data: FoodItem }>(await t.app.inject(`/api/food/item/${sweet}`)).data;
      const listed = jsonOf<{ data: FoodItem[] }>(await t.app.inject("/api/food/list")).data.find((i) => i._id === sweet)!;
      const bySlug = jsonOf<{ data: FoodItem }>(await t.app.inject(`/api/food/slug/${item.slug}`)).data;
      expect(listed.rating).toEqual(item.rating);
      expect(bySlug.rating).toEqual(item.rating);
      return item.rating;
    };
    expect(await ratingOf()).toEqual({ average: null, count: 0 });
    // A review from before stars existed.
    await t.database.db.insert(reviews).values({ foodItemId: sweet, userId: await insertTestUser(t.database.db), username: "Old", review: "From long ago" });
    await t.app.deps.catalog.changed();
    expect(await ratingOf()).toEqual({ average: null, count: 0 });

    const posted = await postReview(await tokenFor("Anu"), { productId: sweet, review: "Lovely", rating: 5 });
    expect(jsonOf<Review>(posted).rating).toBe(5);
    expect(await ratingOf()).toEqual({ average: 5, count: 1 });
    await postReview(await tokenFor("Bala"), { productId: sweet, review: "Good", rating: 4 });
    await postReview(await tokenFor("Chitra"), { productId: sweet, review: "Fine", rating: 4 });
    expect(await ratingOf()).toEqual({ average: 4.3, count: 3 });
    const list = jsonOf<Review[]>(await t.app.inject(`/api/reviews/${sweet}`));
    expect(list.map((r) => r.rating)).toEqual([4, 4, 5, null]);
  });
});
