import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createTRPCClient, httpLink } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRouter } from "@mithai/api";
import type { FoodItem } from "@mithai/schema";
import { bearer, createAccount } from "../rest/admin-fixtures";
import { createTestApp, jsonOf, type TestApp } from "../testing";
import { TRPC_CATALOG_LIST_URL, trpcCatalogListUrl } from "./catalog-answers";

type QueryResult = { result: { data: FoodItem[] } };

describe("the storefront's catalogue query (GET /trpc/catalog.list)", () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  /** What tRPC itself answers for the same query (the batched form is not served from the prepared answer). */
  async function answeredByTrpc(): Promise<QueryResult> {
    const res = await t.app.inject(`${TRPC_CATALOG_LIST_URL}?batch=1&input=%7B%7D`);
    expect(res.statusCode).toBe(200);
    return jsonOf<QueryResult[]>(res)[0]!;
  }

  it("answers exactly what tRPC answers, with an ETag and revalidation", async () => {
    const res = await t.app.inject(TRPC_CATALOG_LIST_URL);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.etag).toMatch(/^".+"$/);
    expect(jsonOf(res)).toEqual(await answeredByTrpc());
    expect(jsonOf<QueryResult>(res).result.data.length).toBeGreaterThanOrEqual(12);

    const again = await t.app.inject({ url: TRPC_CATALOG_LIST_URL, headers: { "if-none-match": res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("sends the stored brotli or gzip form the client accepts, and plain JSON otherwise", async () => {
    const plain = jsonOf(await t.app.inject(TRPC_CATALOG_LIST_URL));
    for (const [encoding, decode] of [["br", brotliDecompressSync], ["gzip", gunzipSync]] as const) {
      const res = await t.app.inject({ url: TRPC_CATALOG_LIST_URL, headers: { "accept-encoding": `${encoding}, identity;q=0.5` } });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain);
    }
    const identity = await t.app.inject({ url: TRPC_CATALOG_LIST_URL, headers: { "accept-encoding": "identity" } });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(jsonOf(identity)).toEqual(plain);
  });

  it("is read by the typed client over a plain (unbatched) link", async () => {
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${base}/trpc` })] });
    expect({ result: { data: await client.catalog.list.query() } }).toEqual(await answeredByTrpc());
  });

  it("changes, with a new ETag, as soon as an admin changes the menu", async () => {
    const before = await t.app.inject(TRPC_CATALOG_LIST_URL);
    const removed = jsonOf<QueryResult>(before).result.data[0]!;
    const admin = bearer((await createAccount(t.database.db, "admin")).token);
    const removal = await t.app.inject({ method: "POST", url: "/api/food/remove", headers: admin, payload: { id: removed._id } });
    expect(removal.statusCode).toBe(200);

    const after = await t.app.inject({ url: TRPC_CATALOG_LIST_URL, headers: { "if-none-match": before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(jsonOf<QueryResult>(after).result.data.map((item) => item._id)).not.toContain(removed._id);
    expect(jsonOf(after)).toEqual(await answeredByTrpc());
  });

  it("answers the query in Hindi and Telugu ({ lang }) from prepared answers too, exactly as tRPC does", async () => {
    for (const lang of ["hi", "te"] as const) {
      const res = await t.app.inject(trpcCatalogListUrl(lang));
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toMatch(/^".+"$/);
      const batched = await t.app.inject(`${TRPC_CATALOG_LIST_URL}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { lang } }))}`);
      expect(jsonOf(res)).toEqual(jsonOf<QueryResult[]>(batched)[0]);
      expect(res.headers.etag).not.toBe((await t.app.inject(TRPC_CATALOG_LIST_URL)).headers.etag);
    }
  });

  it("leaves every other form of the request to tRPC", async () => {
    const post = await t.app.inject({ method: "POST", url: TRPC_CATALOG_LIST_URL, payload: {} });
    expect(post.statusCode).toBe(405);
    const withInput = await t.app.inject(`${TRPC_CATALOG_LIST_URL}?input=%7B%7D`);
    expect(withInput.statusCode).toBe(200);
    expect(withInput.headers.etag).toBeUndefined();
  });
});
