import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foodItems } from "@mithai/db/schema";
import { bearer, createAccount, multipart, pngBytes } from "../rest/admin-fixtures";
import { createTestApp, jsonOf, type TestApp } from "../testing";
import { snapshotDb } from "../sweep/db-snapshot";

const FAQ = JSON.stringify([
  { question: "How long does it keep?", answer: "Two weeks in an airtight box." },
  { question: "Is it vegetarian?", answer: "Yes." },
]);
const FIELDS = { name: "Cut Short Barfi", description: "Cashew fudge.", price: "899.5", category: "Festive Sweets", ingredients: "Cashews", benefits: "Joy", faq: FAQ };

/** A multipart body cut off midway (a dropped upload) is the client's fault: 400, and nothing saved (issue 26). */
describe("a truncated multipart body", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let body: { payload: Buffer; headers: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = bearer((await createAccount(t.database.db, "admin")).token);
    body = multipart(FIELDS, { field: "image", filename: "barfi.png", contentType: "image/png", bytes: await pngBytes(400, 300) });
  });
  afterAll(() => t.close());

  const cut = (at: number) => body.payload.subarray(0, at);

  for (const where of ["in the picture", "in a text field", "just before the closing boundary"] as const) {
    it(`POST /api/food/add cut ${where} → 400, nothing saved`, async () => {
      const at = where === "in the picture" ? body.payload.length - 200 : where === "in a text field" ? 120 : body.payload.length - 10;
      const before = await snapshotDb(t.database.db);
      const res = await t.app.inject({ method: "POST", url: "/api/food/add", payload: cut(at), headers: { ...body.headers, ...admin } });
      expect(res.statusCode, res.body).toBe(400);
      // Cut inside a field the parser sees no field at all (and says which is missing); cut later, it sees the cut.
      expect(jsonOf(res)).toMatchObject({ success: false, code: "VALIDATION", message: where === "in a text field" ? expect.any(String) : expect.stringMatching(/cut off/) });
      expect(await snapshotDb(t.database.db)).toEqual(before);
    });
  }

  it("PUT /api/food/edit/{id} cut in the picture → 400, the item unchanged", async () => {
    const [item] = await t.database.db.select().from(foodItems).limit(1);
    const before = await snapshotDb(t.database.db);
    const res = await t.app.inject({ method: "PUT", url: `/api/food/edit/${item!.id}`, payload: cut(body.payload.length - 200), headers: { ...body.headers, ...admin } });
    expect(res.statusCode, res.body).toBe(400);
    expect(await snapshotDb(t.database.db)).toEqual(before);
  });
});
