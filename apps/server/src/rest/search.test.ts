import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FoodItem } from "@mithai/schema";
import { createTestApp, jsonOf, type TestApp } from "../testing";

describe("storefront search", () => {
  let t: TestApp;
  let items: FoodItem[];

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    items = jsonOf<{ data: FoodItem[] }>(await t.app.inject("/api/food/list")).data;
  });
  afterAll(() => t.close());

  const search = async (q: string) => {
    const res = await t.app.inject({ url: "/api/food/search", query: { q } });
    expect(res.statusCode).toBe(200);
    const body = jsonOf<{ success: boolean; data: FoodItem[] }>(res);
    expect(body.success).toBe(true);
    return body.data;
  };

  it.each([
    ["kaju katle", "Kaju Katli"],
    ["KAJU KATLI", "Kaju Katli"],
    ["jilebi", "Jalebi"],
    ["jalebi", "Jalebi"],
    ["mysor pak", "Mysore Pak"],
    ["gujia", "Gujiya"],
  ])("finds the sweet for %j, best first", async (q, name) => {
    expect((await search(q))[0]?.name).toBe(name);
  });

  it("finds every Laddoo for \"laddu\", each answered exactly as in the list", async () => {
    const found = await search("laddu");
    const laddoos = items.filter((i) => i.name.includes("Laddoo")).map((i) => i.name);
    expect(laddoos.length).toBeGreaterThanOrEqual(3);
    expect(found.slice(0, laddoos.length).map((i) => i.name).sort()).toEqual(laddoos.sort());
    for (const item of found) expect(item).toEqual(items.find((i) => i._id === item._id));
  });

  it("searches ingredients too: \"jaggery\" and \"pistachio\" find sweets whose names do not say so", async () => {
    const jaggery = await search("jaggery");
    expect(jaggery.length).toBeGreaterThan(0);
    for (const item of jaggery) expect(`${item.name} ${item.ingredients}`.toLowerCase()).toContain("jaggery");
    expect((await search("pistachios")).map((i) => i.name)).toContain("Besan Laddoo");
  });

  it("answers an empty list when nothing is like the query, and at most 24 for a broad one", async () => {
    expect(await search("pizza")).toEqual([]);
    expect((await search("a")).length).toBeLessThanOrEqual(24);
  });

  it("takes a query of 1 to 80 characters and refuses anything else with 400 VALIDATION", async () => {
    for (const query of [{} as Record<string, string>, { q: "" }, { q: "   " }, { q: "x".repeat(81) }, { q: "laddu", lang: "fr" }]) {
      const res = await t.app.inject({ url: "/api/food/search", query });
      expect(res.statusCode).toBe(400);
      expect(jsonOf<{ code: string }>(res).code).toBe("VALIDATION");
    }
    expect((await t.app.inject({ url: "/api/food/search", query: { q: "x".repeat(80), lang: "hi" } })).statusCode).toBe(200);
  });

  it("matches % and _ as themselves", async () => {
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
  });

  it("answers the same over tRPC (catalog.search)", async () => {
    const input = encodeURIComponent(JSON.stringify({ q: "kaju katle" }));
    const res = await t.app.inject(`/trpc/catalog.search?input=${input}`);
    expect(res.statusCode).toBe(200);
    const data = jsonOf<{ result: { data: FoodItem[] } }>(res).result.data;
    expect(data.map((i) => i._id)).toEqual((await search("kaju katle")).map((i) => i._id));
  });
});
