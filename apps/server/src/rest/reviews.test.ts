import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAuthToken } from "@mithai/api/auth/tokens";
import { insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import type { Review } from "@mithai/schema/reviews";
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
  const postReview = (token: string | null, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/reviews", headers: token ? { authorization: `Bearer ${token}` } : {}, payload });
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
      expect(jsonOf(res)).toEqual({ success: false, message: "Please log in to continue" });
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
      expect(jsonOf(list)).toEqual({ success: false, message: "Food item not found" });
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
});
