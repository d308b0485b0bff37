import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_API_PREFIX } from "@mithai/api";
import { bearer, createAccount, multipart, pngBytes } from "../rest/admin-fixtures";
import { RAZORPAY_WEBHOOK_PATH } from "../rest/payments-webhook";
import { createTestApp, type TestApp } from "../testing";
import { expectRefused } from "./answers";
import { snapshotDb, type DbSnapshot } from "./db-snapshot";
import { NASTY_VALUES, RAW_BODIES, jsonBodyArbitrary, label, nastyBodies } from "./malformed";

type Caller = "none" | "customer" | "admin" | "gateway";

interface BodyRoute {
  method: "POST" | "PUT";
  url: string;
  caller: Caller;
  fields: readonly string[];
  /** The contract has a harmless shape arbitrary JSON can hit (an empty guest cart): answered 200, still changing nothing. */
  mayAccept?: (body: unknown) => boolean;
  /** A well-formed request random JSON can hit (a gateway order for an amount in paise): it rightly writes, so the property test leaves it out. */
  wellFormed?: (body: unknown) => boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Razorpay's own rule for "create order": a whole number of paise, at least ₹1, and nothing malformed beside it. */
function isGatewayOrder(body: unknown): boolean {
  if (!isObject(body)) return false;
  const amount = typeof body.amount === "string" && /^\d{1,12}$/.test(body.amount) ? Number(body.amount) : body.amount;
  return (
    typeof amount === "number" && Number.isInteger(amount) && amount >= 100 &&
    (body.currency === undefined || body.currency === "INR") &&
    (body.receipt === undefined || typeof body.receipt === "string") &&
    (body.notes === undefined || isObject(body.notes))
  );
}

/** Every /api (and sandbox gateway) path that reads a JSON body, with the caller that gets past authorisation. */
const BODY_ROUTES: readonly BodyRoute[] = [
  { method: "POST", url: "/api/user/register", caller: "none", fields: ["name", "email", "password"] },
  { method: "POST", url: "/api/user/login", caller: "none", fields: ["email", "password"] },
  { method: "PUT", url: "/api/user/add-address", caller: "customer", fields: ["street", "city", "state", "zip", "pincode", "country", "mobile"] },
  { method: "POST", url: "/api/forgot-password", caller: "none", fields: ["email"] },
  { method: "POST", url: "/api/reset-password", caller: "none", fields: ["token", "password"] },
  { method: "POST", url: "/api/food/remove", caller: "admin", fields: ["id"] },
  { method: "PUT", url: "/api/order/update-status", caller: "admin", fields: ["orderId", "status"] },
  { method: "POST", url: "/api/order/place", caller: "customer", fields: ["address", "items", "amount"] },
  { method: "POST", url: "/api/order/verify", caller: "customer", fields: ["razorpay_order_id", "razorpay_payment_id", "razorpay_signature"] },
  { method: "POST", url: "/api/cart/add", caller: "customer", fields: ["itemId", "quantity"] },
  { method: "POST", url: "/api/cart/remove", caller: "customer", fields: ["itemId"] },
  { method: "POST", url: "/api/cart/merge", caller: "customer", fields: ["cartData"], mayAccept: (body) => isObject(body) && isObject(body.cartData) },
  { method: "POST", url: "/api/reviews", caller: "customer", fields: ["productId", "review"] },
  { method: "POST", url: RAZORPAY_WEBHOOK_PATH, caller: "none", fields: ["event", "payload", "entity"] },
  { method: "POST", url: `${SANDBOX_API_PREFIX}/v1/orders`, caller: "gateway", fields: ["amount", "currency", "receipt", "notes"], wellFormed: isGatewayOrder },
  { method: "POST", url: `${SANDBOX_API_PREFIX}/checkout/pay`, caller: "none", fields: ["key", "order_id", "method", "outcome"] },
];

/** Paths whose only input is the URL (a path parameter or the query string). */
const URL_ROUTES: readonly { method: "GET" | "PUT"; url: (value: string) => string; caller: Caller }[] = [
  { method: "GET", url: (v) => `/api/food/slug/${v}`, caller: "none" },
  { method: "GET", url: (v) => `/api/food/item/${v}`, caller: "none" },
  { method: "GET", url: (v) => `/api/reviews/${v}`, caller: "none" },
  { method: "GET", url: (v) => `/api/order/list?payment=${v}&limit=${v}&cursor=${v}`, caller: "admin" },
  { method: "GET", url: (v) => `/api/admin/orders.csv?payment=${v}&status=${v}&from=${v}`, caller: "admin" },
  { method: "GET", url: (v) => `${SANDBOX_API_PREFIX}/v1/orders/${v}`, caller: "gateway" },
  { method: "GET", url: (v) => `${SANDBOX_API_PREFIX}/v1/orders/${v}/payments`, caller: "gateway" },
];

/** Paths that take no input but a token: a malformed token is their malformed input. */
const TOKEN_ONLY_ROUTES: readonly { method: "GET" | "POST"; url: string }[] = [
  { method: "GET", url: "/api/user/profile" },
  { method: "POST", url: "/api/cart/get" },
  { method: "POST", url: "/api/order/userorders" },
  { method: "GET", url: "/api/admin/today-sales" },
];

const TWO_FAQS = JSON.stringify([
  { question: "How long does it keep?", answer: "Two weeks." },
  { question: "Is it vegetarian?", answer: "Yes." },
]);

const FOOD_FIELDS = ["name", "description", "price", "category", "ingredients", "benefits", "faq"];

describe("REST sweep: malformed input is refused with a 4xx and a message, and changes nothing", () => {
  let t: TestApp;
  let headersOf: Record<Caller, Record<string, string>>;
  let itemId: string;
  let before: DbSnapshot;

  const send = (options: InjectOptions) => t.app.inject(options);
  const sendJson = (route: BodyRoute, body: unknown) =>
    send({ method: route.method, url: route.url, payload: JSON.stringify(body), headers: { ...headersOf[route.caller], "content-type": "application/json" } });
  function expectAnswer(route: BodyRoute, body: unknown, res: LightMyRequestResponse): void {
    if (route.mayAccept?.(body) && res.statusCode === 200) expect(JSON.parse(res.body)).toMatchObject({ success: true });
    else expectRefused(res, `${route.url} ${label(body)}`);
  }
  const expectUnchanged = async () => expect(await snapshotDb(t.database.db)).toEqual(before);

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const { keyId, keySecret } = t.app.deps.config.payments;
    headersOf = {
      none: {},
      customer: bearer((await createAccount(t.database.db, "user")).token),
      admin: bearer((await createAccount(t.database.db, "admin")).token),
      gateway: { authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}` },
    };
    const list = JSON.parse((await send({ url: "/api/food/list" })).body) as { data: { _id: string }[] };
    itemId = list.data[0]!._id;
    before = await snapshotDb(t.database.db);
  });
  afterAll(() => t.close());

  describe.each(BODY_ROUTES)("$method $url", (route) => {
    it("refuses nasty JSON bodies", async () => {
      for (const body of nastyBodies(route.fields)) {
        expectAnswer(route, body, await sendJson(route, body));
      }
      await expectUnchanged();
    });

    it("refuses bodies that are not JSON, or not declared as JSON", async () => {
      for (const raw of RAW_BODIES) {
        const res = await send({ method: route.method, url: route.url, payload: raw.payload, headers: { ...headersOf[route.caller], "content-type": raw.contentType } });
        expectRefused(res, `${route.url} as ${raw.name}`);
      }
      await expectUnchanged();
    });

    it("refuses arbitrary JSON (property-based)", async () => {
      await fc.assert(
        fc.asyncProperty(jsonBodyArbitrary(route.fields), async (body) => {
          fc.pre(!route.wellFormed?.(body));
          expectAnswer(route, body, await sendJson(route, body));
        }),
        { numRuns: 50 },
      );
      await expectUnchanged();
    });
  });

  describe.each(URL_ROUTES)("$method $url", (route) => {
    it("refuses nasty path and query values", async () => {
      for (const value of NASTY_VALUES) {
        if (typeof value !== "string" && typeof value !== "number") continue;
        const url = route.url(encodeURIComponent(String(value)));
        expectRefused(await send({ method: route.method, url, headers: headersOf[route.caller] }), `${route.method} ${label(url)}`);
      }
      await expectUnchanged();
    });
  });

  it.each(TOKEN_ONLY_ROUTES)("$method $url refuses malformed tokens", async (route) => {
    for (const token of ["", "Bearer", "Bearer not.a.jwt", `Bearer ${"a".repeat(100_000)}`, "Bearer '; drop table users;--", "Basic YTpi"]) {
      expectRefused(await send({ method: route.method, url: route.url, headers: { authorization: token } }), `${route.url} with ${label(token)}`);
      expectRefused(await send({ method: route.method, url: route.url, headers: { token: token.replace("Bearer ", "") } }), `${route.url} token header ${label(token)}`);
    }
    await expectUnchanged();
  });

  it("refuses otherwise valid input carrying a NUL character (PostgreSQL text cannot store it)", async () => {
    const nul = "Ka\u0000ju";
    const calls: (InjectOptions & { url: string })[] = [
      { method: "POST", url: "/api/user/register", payload: { name: nul, email: "nul@example.in", password: "a-good-password-1" } },
      { method: "PUT", url: "/api/user/add-address", headers: headersOf.customer, payload: { street: nul, city: "Pune", state: "Maharashtra", zip: "411001", country: "India", mobile: "9876543210" } },
      { method: "POST", url: "/api/reviews", headers: headersOf.customer, payload: { productId: itemId, review: `Lovely ${nul}` } },
    ];
    for (const options of calls) expectRefused(await send(options), `${options.url} with NUL`);
    const form = multipart({ ...Object.fromEntries(FOOD_FIELDS.map((field) => [field, "x"])), name: nul, description: "Cashew fudge", price: "500", category: "Festive Sweets", faq: TWO_FAQS }, {
      field: "image",
      filename: "kaju.png",
      contentType: "image/png",
      bytes: await pngBytes(),
    });
    expectRefused(await send({ method: "POST", url: "/api/food/add", payload: form.payload, headers: { ...headersOf.admin, ...form.headers } }), "food add with NUL");
    await expectUnchanged();
  });

  describe.each([
    { method: "POST" as const, url: (): string => "/api/food/add" },
    { method: "PUT" as const, url: (): string => `/api/food/edit/${itemId}` },
  ])("multipart $method food form", (route) => {
    it("refuses nasty form fields", async () => {
      for (const value of NASTY_VALUES) {
        const text = typeof value === "string" ? value : JSON.stringify(value);
        const form = multipart({ ...Object.fromEntries(FOOD_FIELDS.map((field) => [field, text])), unexpected: text });
        const res = await send({ method: route.method, url: route.url(), payload: form.payload, headers: { ...headersOf.admin, ...form.headers } });
        expectRefused(res, `${route.url()} ${label(value)}`);
      }
      await expectUnchanged();
    });

    it("refuses JSON, text and broken multipart bodies", async () => {
      for (const raw of [...RAW_BODIES, { name: "truncated multipart", contentType: "multipart/form-data; boundary=abc", payload: '--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nBarfi' }]) {
        const res = await send({ method: route.method, url: route.url(), payload: raw.payload, headers: { ...headersOf.admin, "content-type": raw.contentType } });
        expectRefused(res, `${route.url()} as ${raw.name}`);
      }
      await expectUnchanged();
    });
  });
});
