import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foodItems } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import type { AdminFoodItem, FoodItem } from "@mithai/schema";
import { createTestApp, jsonOf, type TestApp } from "../testing";
import { bearer, createAccount, multipart, pngBytes, type FilePart } from "./admin-fixtures";

/** Catalogue answers in `lang` (DECISIONS, "Languages"), and the admin's Hindi and Telugu fields. */
let t: TestApp;
let admin: Record<string, string>;
let png: FilePart;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = bearer((await createAccount(t.database.db, "admin")).token);
  png = { field: "image", filename: "barfi.png", contentType: "image/png", bytes: await pngBytes() };
});
afterAll(() => t.close());

const FAQ = [
  { question: "How long does it keep?", answer: "Two weeks in an airtight box." },
  { question: "Is it vegetarian?", answer: "Yes." },
];
const HINDI_FAQ = [
  { question: "यह कितने दिन चलती है?", answer: "एयरटाइट डिब्बे में दो हफ़्ते।" },
  { question: "क्या यह शाकाहारी है?", answer: "हाँ।" },
];
const fields = (name: string, extra: Record<string, string> = {}) => ({
  name,
  description: "Almond fudge made in small batches.",
  price: "899.5",
  category: "Festive Sweets",
  ingredients: "Almonds, sugar, ghee",
  benefits: "Rich in good fats",
  faq: JSON.stringify(FAQ),
  ...extra,
});

const restGet = async <T>(url: string) => {
  const res = await t.app.inject(url);
  return { status: res.statusCode, body: jsonOf<{ success: boolean; data: T; message?: string }>(res) };
};
const trpcGet = async <T>(procedure: string, input?: object) => {
  const res = await t.app.inject(`/trpc/${procedure}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ""}`);
  return { status: res.statusCode, data: res.json<{ result?: { data: T } }>().result?.data };
};

async function restAdd(name: string, extra: Record<string, string> = {}) {
  const body = multipart(fields(name, extra), png);
  return t.app.inject({ method: "POST", url: "/api/food/add", payload: body.payload, headers: { ...body.headers, ...admin } });
}

describe("catalogue reads in a language (REST ?lang=, tRPC lang)", () => {
  it("answers the demo catalogue in Hindi and Telugu under the English field names, English without lang", async () => {
    const english = (await restGet<FoodItem[]>("/api/food/list")).body.data;
    const hindi = await restGet<FoodItem[]>("/api/food/list?lang=hi");
    expect(hindi.status).toBe(200);
    const kaju = (items: FoodItem[]) => items.find((item) => item.slug === "kaju-katli")!;
    expect(kaju(english).name).toBe("Kaju Katli");
    expect(kaju(hindi.body.data)).toMatchObject({ name: "काजू कतली", slug: "kaju-katli", price: kaju(english).price, _id: kaju(english)._id });
    expect(Object.keys(kaju(hindi.body.data)).sort()).toEqual(Object.keys(kaju(english)).sort());
    // Not translated in the demo: the English ingredients and FAQ, field by field.
    expect(kaju(hindi.body.data)).toMatchObject({ ingredients: kaju(english).ingredients, faq: kaju(english).faq, benefits: kaju(english).benefits });
    expect(kaju((await restGet<FoodItem[]>("/api/food/list?lang=te")).body.data).name).toBe("కాజు కట్లీ");
    expect(kaju((await restGet<FoodItem[]>("/api/food/list?lang=en")).body.data)).toEqual(kaju(english));

    expect((await trpcGet<FoodItem[]>("catalog.list", { lang: "te" })).data?.find((item) => item.slug === "kaju-katli")?.name).toBe("కాజు కట్లీ");
    expect((await trpcGet<FoodItem[]>("catalog.list")).data?.find((item) => item.slug === "kaju-katli")?.name).toBe("Kaju Katli");
  });

  it("answers one item by slug and by id in the language (REST and tRPC)", async () => {
    const { data: item } = (await restGet<FoodItem>("/api/food/slug/jalebi?lang=hi")).body;
    expect(item).toMatchObject({ name: "जलेबी", slug: "jalebi" });
    expect((await restGet<FoodItem>(`/api/food/item/${item._id}?lang=te`)).body.data.name).toBe("జిలేబీ");
    expect((await restGet<FoodItem>(`/api/food/item/${item._id}`)).body.data.name).toBe("Jalebi");
    expect((await trpcGet<FoodItem>("catalog.bySlug", { slug: "jalebi", lang: "te" })).data?.name).toBe("జిలేబీ");
    expect((await trpcGet<FoodItem>("catalog.byId", { id: item._id, lang: "hi" })).data?.name).toBe("जलेबी");
  });

  it("finds items by their Hindi and Telugu names and answers in the language asked", async () => {
    const hindi = await restGet<FoodItem[]>(`/api/food/search?q=${encodeURIComponent("जलेबी")}&lang=hi`);
    expect(hindi.status).toBe(200);
    expect(hindi.body.data[0]).toMatchObject({ slug: "jalebi", name: "जलेबी" });
    const telugu = await trpcGet<FoodItem[]>("catalog.search", { q: "కాజు", lang: "te" });
    expect(telugu.data?.map((item) => item.slug)).toEqual(expect.arrayContaining(["kaju-katli", "kaju-pista-roll"]));
    expect(telugu.data?.find((item) => item.slug === "kaju-katli")?.name).toBe("కాజు కట్లీ");
    // A Hindi name asked without lang answers in English.
    expect((await restGet<FoodItem[]>(`/api/food/search?q=${encodeURIComponent("मोतीचूर")}`)).body.data[0]).toMatchObject({ name: "Motichoor Laddoo" });
  });

  it("refuses an unknown lang with 400 on every read", async () => {
    for (const url of ["/api/food/list?lang=fr", "/api/food/slug/jalebi?lang=HI", "/api/food/search?q=jalebi&lang=ta"]) {
      const res = await restGet<unknown>(url);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/lang/) });
    }
    expect((await trpcGet("catalog.list", { lang: "fr" })).status).toBe(400);
    expect((await trpcGet("catalog.bySlug", { slug: "jalebi", lang: "xx" })).status).toBe(400);
  });

  it("serves the prepared list per language with its own ETag", async () => {
    const en = await t.app.inject("/api/food/list");
    const hi = await t.app.inject("/api/food/list?lang=hi");
    expect(hi.headers.etag).toBeTruthy();
    expect(hi.headers.etag).not.toBe(en.headers.etag);
    expect((await t.app.inject({ url: "/api/food/list?lang=hi", headers: { "if-none-match": String(hi.headers.etag) } })).statusCode).toBe(304);
  });
});

describe("the admin's Hindi and Telugu fields", () => {
  it("REST add and edit take translations and answer them; the storefront shows them field by field", async () => {
    const translations = { hi: { name: "बादाम बर्फ़ी", description: "छोटे-छोटे बैच में बनी बादाम की बर्फ़ी।", faq: HINDI_FAQ }, te: { name: "బాదం బర్ఫీ" } };
    const res = await restAdd("Badam Barfi Languages", { translations: JSON.stringify(translations) });
    expect(res.statusCode).toBe(200);
    const added = jsonOf<{ data: AdminFoodItem }>(res).data;
    expect(added.translations).toEqual(translations);

    const hindi = (await restGet<FoodItem>(`/api/food/slug/${added.slug}?lang=hi`)).body.data;
    expect(hindi).toMatchObject({ name: "बादाम बर्फ़ी", faq: HINDI_FAQ, ingredients: "Almonds, sugar, ghee", benefits: "Rich in good fats" });
    expect(hindi).not.toHaveProperty("translations");
    expect((await restGet<FoodItem>(`/api/food/slug/${added.slug}?lang=te`)).body.data).toMatchObject({ name: "బాదం బర్ఫీ", description: "Almond fudge made in small batches." });

    // An edit without translations keeps them; with them, replaces them.
    const keep = multipart(fields("Badam Barfi Languages", { slug: added.slug }));
    const kept = await t.app.inject({ method: "PUT", url: `/api/food/edit/${added._id}`, payload: keep.payload, headers: { ...keep.headers, ...admin } });
    expect(jsonOf<{ data: AdminFoodItem }>(kept).data.translations).toEqual(translations);
    const change = multipart(fields("Badam Barfi Languages", { slug: added.slug, translations: JSON.stringify({ te: { name: "బాదం బర్ఫీ", healthBenefits: "మంచి కొవ్వులు" } }) }));
    const changed = await t.app.inject({ method: "PUT", url: `/api/food/edit/${added._id}`, payload: change.payload, headers: { ...change.headers, ...admin } });
    expect(jsonOf<{ data: AdminFoodItem }>(changed).data.translations).toEqual({ te: { name: "బాదం బర్ఫీ", healthBenefits: "మంచి కొవ్వులు" } });
    expect((await restGet<FoodItem>(`/api/food/slug/${added.slug}?lang=te`)).body.data.benefits).toBe("మంచి కొవ్వులు");
    expect((await restGet<FoodItem>(`/api/food/slug/${added.slug}?lang=hi`)).body.data.name).toBe("Badam Barfi Languages");
  });

  it("refuses bad translations with 400 naming the field, adding nothing", async () => {
    const bad = [
      { fr: { name: "Barfi aux amandes" } },
      { hi: { name: "न".repeat(121) } },
      { hi: { description: 5 } },
      { te: { faq: [{ question: "ప్రశ్న", answer: "జవాబు" }] } },
      { hi: { title: "बर्फ़ी" } },
      "not json",
    ];
    for (const [i, translations] of bad.entries()) {
      const name = `Refused Barfi ${i}`;
      const res = await restAdd(name, { translations: typeof translations === "string" ? translations : JSON.stringify(translations) });
      expect(res.statusCode, JSON.stringify(translations)).toBe(400);
      expect(jsonOf<{ message: string }>(res).message).toMatch(/translations/);
      expect(await t.database.db.select({ id: foodItems.id }).from(foodItems).where(eq(foodItems.name, name))).toHaveLength(0);
    }
  });

  it("tRPC admin.addFood takes translations; admin.foodItem and admin.foodItems answer them; the public list does not", async () => {
    const form = multipart(fields("Pista Barfi Languages", { translations: JSON.stringify({ hi: { name: "पिस्ता बर्फ़ी", ingredients: "पिस्ता, चीनी, घी" } }) }), png);
    const res = await t.app.inject({ method: "POST", url: "/trpc/admin.addFood", headers: { ...form.headers, ...admin }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    const added = res.json<{ result: { data: AdminFoodItem } }>().result.data;
    expect(added.translations).toEqual({ hi: { name: "पिस्ता बर्फ़ी", ingredients: "पिस्ता, चीनी, घी" } });

    const one = await t.app.inject({ url: `/trpc/admin.foodItem?input=${encodeURIComponent(JSON.stringify({ id: added._id }))}`, headers: admin });
    expect(one.json<{ result: { data: AdminFoodItem } }>().result.data).toMatchObject({ name: "Pista Barfi Languages", translations: added.translations });
    const all = await t.app.inject({ url: "/trpc/admin.foodItems", headers: admin });
    const kaju = all.json<{ result: { data: AdminFoodItem[] } }>().result.data.find((item) => item.slug === "kaju-katli");
    expect(kaju).toMatchObject({ name: "Kaju Katli", translations: { hi: { name: "काजू कतली" }, te: { name: "కాజు కట్లీ" } } });
    expect((await t.app.inject("/trpc/admin.foodItems")).statusCode).toBe(401);
    expect((await trpcGet<FoodItem[]>("catalog.list")).data?.[0]).not.toHaveProperty("translations");

    const refused = multipart(fields("Refused Pista Barfi", { translations: JSON.stringify({ hi: { healthBenefits: "x".repeat(5001) } }) }), png);
    const refusal = await t.app.inject({ method: "POST", url: "/trpc/admin.addFood", headers: { ...refused.headers, ...admin }, payload: refused.payload });
    expect(refusal.statusCode).toBe(400);
    expect(await t.database.db.select({ id: foodItems.id }).from(foodItems).where(eq(foodItems.name, "Refused Pista Barfi"))).toHaveLength(0);
  });
});
