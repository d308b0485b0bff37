import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { AppError } from "../errors";
import { createTestContext } from "../testing";
import { createReview, listReviews } from "./service";

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
    const first = await createReview(deps(), asha, { productId, review: "Lovely ghee aroma" });
    const second = await createReview(deps(), ravi, { productId, review: "Fresh and soft" });
    expect(first).toMatchObject({ productId, username: "Asha", review: "Lovely ghee aroma" });
    expect(new Date(first.createdAt).getTime()).not.toBeNaN();
    expect(await listReviews(db(), productId)).toEqual([second, first]);
  });

  it("stores markup verbatim: it is text, the storefront never renders it", async () => {
    const user = await insertTestUser(db(), "<b>Mallory</b>");
    const text = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const review = await createReview(deps(), user, { productId, review: text });
    expect(review).toMatchObject({ review: text, username: "<b>Mallory</b>" });
    expect((await listReviews(db(), productId))[0]).toEqual(review);
  });

  it.each([
    ["an unknown product", "00000000-0000-4000-8000-000000000000"],
    ["a malformed id", "nope"],
  ])("answers 404 for %s", async (_name, id) => {
    const user = await insertTestUser(db());
    await expect(listReviews(db(), id)).rejects.toThrowError(new AppError("NOT_FOUND", "Food item not found"));
    await expect(createReview(deps(), user, { productId: id, review: "Nice" })).rejects.toThrowError(new AppError("NOT_FOUND", "Food item not found"));
  });

  it("lets a customer post a few reviews in a row, then asks them to wait", async () => {
    const user = await insertTestUser(db());
    const sameServer = deps();
    for (let i = 0; i < 5; i++) await createReview(sameServer, user, { productId, review: `Review ${i}` });
    await expect(createReview(sameServer, user, { productId, review: "One more" })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect((await listReviews(db(), productId)).filter((r) => r.review === "One more")).toEqual([]);
  });
});
