import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foodItems } from "@mithai/db/schema";
import { sleep } from "../faults/processes";
import { bearer, createAccount, multipart, pngBytes, type FilePart } from "../rest/admin-fixtures";
import { startTestS3, type TestS3 } from "../s3-testing";
import { createTestApp, jsonOf, type TestApp } from "../testing";
import { startHungServer, startSlowProxy } from "./stalling-tcp";

const FIELDS = {
  name: "Kaju Barfi", description: "Cashew fudge.", price: "899.5", category: "Festive Sweets", ingredients: "Cashews", benefits: "Joy", faq: JSON.stringify([
    { question: "How long does it keep?", answer: "Two weeks in an airtight box." },
    { question: "Is it vegetarian?", answer: "Yes." },
  ]),
};
const HUNG_PORT = 3442;
const SLOW_PORT = 3443;

/** A hung picture store (issue 26): the call gives up after STORAGE_TIMEOUT_MS with 503, and the upload never lands. */
describe("a picture store that does not answer", () => {
  let png: FilePart;
  beforeAll(async () => {
    png = { field: "image", filename: "barfi.png", contentType: "image/png", bytes: await pngBytes(800, 600) };
  });

  const add = async (t: TestApp) => {
    const admin = bearer((await createAccount(t.database.db, "admin")).token);
    const body = multipart(FIELDS, png);
    const started = performance.now();
    const res = await t.app.inject({ method: "POST", url: "/api/food/add", payload: body.payload, headers: { ...body.headers, ...admin } });
    return { res, ms: performance.now() - started };
  };

  describe("a TCP server that never answers", () => {
    let hung: Awaited<ReturnType<typeof startHungServer>>;
    let t: TestApp;
    beforeAll(async () => {
      hung = await startHungServer(HUNG_PORT);
      const env = { S3_BUCKET: "mithai-pictures", S3_ENDPOINT: hung.url, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER", STORAGE_TIMEOUT_MS: "700" };
      t = await createTestApp({ env });
    });
    afterAll(async () => {
      await t?.close();
      await hung?.close();
    });

    it("item add answers 503 STORAGE_UNAVAILABLE within about the timeout, and saves nothing", async () => {
      const { res, ms } = await add(t);
      expect(res.statusCode, res.body).toBe(503);
      expect(jsonOf(res)).toMatchObject({ success: false, code: "STORAGE_UNAVAILABLE", message: expect.stringMatching(/picture store is not answering/) });
      // The timeout (0.7 s) plus checking and encoding the picture on a busy machine; without it the add hung for good.
      expect(ms).toBeLessThan(10_000);
      expect(await t.database.db.select({ id: foodItems.id }).from(foodItems)).toEqual([]);
    });

    it("a picture read gives up too: 503, not a request held open", async () => {
      const started = performance.now();
      const res = await t.app.inject({ method: "GET", url: "/images/some-picture.webp" });
      expect(res.statusCode).toBe(503);
      expect(performance.now() - started).toBeLessThan(10_000);
    });
  });

  describe("a store that stalls, then takes the write in anyway", () => {
    let s3: TestS3;
    let slow: Awaited<ReturnType<typeof startSlowProxy>>;
    let t: TestApp;
    beforeAll(async () => {
      s3 = await startTestS3();
      slow = await startSlowProxy(SLOW_PORT, Number(new URL(s3.url).port), 1500);
      t = await createTestApp({ env: { ...s3.env, S3_ENDPOINT: slow.url, STORAGE_TIMEOUT_MS: "500" } });
    });
    afterAll(async () => {
      await t?.close();
      await slow?.close();
      await s3?.close();
    });

    it("the abandoned upload never lands: 503, no item, and no picture left in the bucket", async () => {
      const { res } = await add(t);
      expect(res.statusCode).toBe(503);
      expect(await t.database.db.select({ id: foodItems.id }).from(foodItems)).toEqual([]);
      // The stalled writes reach the store after 1.5 s; the deletes sent after them reach it later still.
      await sleep(4000);
      expect(await s3.keys()).toEqual([]);
    });
  });
});
