import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter, MAX_IMAGE_BYTES, SANDBOX_API_PREFIX, signAuthToken } from "@mithai/api";
import { orders } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { rupeesToPaise } from "@mithai/schema";
import { bearer, createAccount, multipart, pngBytes, sampleAddress } from "../rest/admin-fixtures";
import { createCheckoutApp } from "../checkout/fixtures";
import { jsonOf, TEST_JWT_SECRET, type TestApp } from "../testing";
import { expectRefused } from "./answers";
import { snapshotDb } from "./db-snapshot";

const FOOD_FIELDS = {
  name: "Security Barfi",
  description: "Almond fudge.",
  price: "500",
  category: "Festive Sweets",
  ingredients: "Almonds",
  benefits: "Tasty",
  faq: "[]",
};

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("security", () => {
  let t: TestApp;
  let adminAccount: { id: string; token: string };
  let itemId: string;
  let itemPricePaise: number;

  const inject = (method: "GET" | "POST" | "PUT", url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    // Listening, so placing an order reaches the sandbox gateway over HTTP as the Razorpay SDK does.
    t = await createCheckoutApp();
    adminAccount = await createAccount(t.database.db, "admin");
    const [first] = jsonOf<{ data: { _id: string; price: number }[] }>(await t.app.inject("/api/food/list")).data;
    itemId = first!._id;
    itemPricePaise = rupeesToPaise(first!.price) ?? Number.NaN;
  });
  afterAll(() => t.close());

  describe("admin paths refuse every token but a valid admin one", () => {
    const restAdminCalls = (id: () => string): [string, "GET" | "POST" | "PUT", string, object?][] => [
      ["add food", "POST", "/api/food/add"],
      ["edit food", "PUT", `/api/food/edit/${id()}`],
      ["remove food", "POST", "/api/food/remove", { id: id() }],
      ["order list", "GET", "/api/order/list"],
      ["update status", "PUT", "/api/order/update-status", { orderId: id(), status: "Delivered" }],
      ["today's sales", "GET", "/api/admin/today-sales"],
      ["orders CSV", "GET", "/api/admin/orders.csv"],
    ];
    const adminProcedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>).filter(([path]) => path.startsWith("admin."));

    const forgedTokens: [string, () => Promise<string>][] = [
      ["a customer token", async () => (await createAccount(t.database.db, "user")).token],
      ["an expired admin token", () => signAuthToken({ userId: adminAccount.id, role: "admin" }, TEST_JWT_SECRET, -60)],
      ["an admin token signed with another secret", () => signAuthToken({ userId: adminAccount.id, role: "admin" }, "another-secret-that-is-long-enough-for-hs256")],
      [
        "an unsigned (alg none) admin token",
        async () => `${base64url({ alg: "none", typ: "JWT" })}.${base64url({ sub: adminAccount.id, role: "admin", iss: "mithai", exp: Math.floor(Date.now() / 1000) + 3600 })}.`,
      ],
      ["a garbage token", async () => "not.a.jwt"],
    ];

    it.each(forgedTokens)("%s", async (_name, tokenOf) => {
      const token = await tokenOf();
      const before = await snapshotDb(t.database.db);
      for (const [name, method, url, payload] of restAdminCalls(() => itemId)) {
        for (const headers of [bearer(token), { token }]) {
          const res = await inject(method, url, headers, payload);
          expect([401, 403], `${name} → ${res.statusCode}`).toContain(res.statusCode);
          expectRefused(res, name);
        }
      }
      for (const [path, procedure] of adminProcedures) {
        const res =
          procedure._def.type === "query"
            ? await inject("GET", `/trpc/${path}?input=${encodeURIComponent("{}")}`, bearer(token))
            : await t.app.inject({ method: "POST", url: `/trpc/${path}`, headers: { ...bearer(token), "content-type": "application/json" }, payload: JSON.stringify({ id: itemId, orderId: itemId, status: "Delivered" }) });
        expect([401, 403], `${path} → ${res.statusCode}`).toContain(res.statusCode);
        expectRefused(res, path);
      }
      expect(await snapshotDb(t.database.db)).toEqual(before);
    });
  });

  describe("one customer's data is out of another's reach", () => {
    it("cart, addresses, orders and payment verification", async () => {
      const alice = await createAccount(t.database.db, "user");
      const bob = await createAccount(t.database.db, "user");
      await inject("POST", "/api/cart/add", bearer(alice.token), { itemId, quantity: 1 });
      await inject("PUT", "/api/user/add-address", bearer(alice.token), { ...sampleAddress(), zip: "411001" });
      const placed = jsonOf<{ orderId: string; razorpayOrderId: string }>(await inject("POST", "/api/order/place", bearer(alice.token), { address: sampleAddress() }));

      expect(jsonOf(await inject("POST", "/api/cart/get", bearer(bob.token)))).toMatchObject({ cartItems: [] });
      expect(jsonOf(await inject("GET", "/api/user/profile", bearer(bob.token)))).toMatchObject({ addresses: [] });
      expect(jsonOf(await inject("POST", "/api/order/userorders", bearer(bob.token)))).toMatchObject({ data: [] });

      const { keyId } = t.app.deps.config.payments;
      const paid = jsonOf<{ response: Record<string, string> }>(
        await inject("POST", `${SANDBOX_API_PREFIX}/checkout/pay`, {}, { key: keyId, order_id: placed.razorpayOrderId, method: "upi", outcome: "success" }),
      );
      // The gateway's webhook lands on its own; wait for it so only Bob's calls can change the data below.
      await expect.poll(async () => (await t.database.db.select().from(orders).where(eq(orders.id, placed.orderId)))[0]?.paymentStatus, { timeout: 5000 }).toBe("paid");
      const before = await snapshotDb(t.database.db);
      const stolen = await inject("POST", "/api/order/verify", bearer(bob.token), paid.response);
      expect(stolen.statusCode).toBe(400);
      expect(jsonOf(stolen)).toMatchObject({ success: false });
      const abandon = await t.app.inject({ method: "POST", url: "/trpc/order.abandon", headers: { ...bearer(bob.token), "content-type": "application/json" }, payload: JSON.stringify({ orderId: placed.orderId }) });
      expect(abandon.statusCode).toBeGreaterThanOrEqual(400);
      expect(await snapshotDb(t.database.db)).toEqual(before);

      const own = await inject("POST", "/api/order/verify", bearer(alice.token), paid.response);
      expect(jsonOf(own)).toMatchObject({ success: true });
      expect(jsonOf<{ data: unknown[] }>(await inject("POST", "/api/order/userorders", bearer(bob.token))).data).toEqual([]);
    });
  });

  it("ignores a client's amount and prices when placing an order: the lines asked, at catalogue prices", async () => {
    const customer = await createAccount(t.database.db, "user");
    await inject("POST", "/api/cart/add", bearer(customer.token), { itemId, quantity: 2 });
    const res = await inject("POST", "/api/order/place", bearer(customer.token), {
      address: sampleAddress(),
      amount: 100,
      items: [{ _id: itemId, price: 1, quantity: 50 }],
      subtotal: 1,
      discount: 999_999,
    });
    expect(res.statusCode).toBe(200);
    const placed = jsonOf<{ orderId: string; amount: number }>(res);
    expect(placed.amount).toBe(itemPricePaise * 50);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({ amountPaise: itemPricePaise * 50, subtotalPaise: itemPricePaise * 50, discountPaise: 0 });
    expect(order!.items).toEqual([expect.objectContaining({ foodItemId: itemId, quantity: 50, unitPricePaise: itemPricePaise })]);
  });

  describe("uploads: only real pictures, never oversized", () => {
    const html = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
    const cases: [string, () => Promise<{ filename: string; contentType: string; bytes: Buffer }>, number[]][] = [
      ["text named .png", async () => ({ filename: "sweet.png", contentType: "image/png", bytes: Buffer.from("just some text, not a picture") }), [400, 415]],
      ["HTML named .jpg", async () => ({ filename: "sweet.jpg", contentType: "image/jpeg", bytes: html }), [400, 415]],
      ["HTML behind a PNG signature", async () => ({ filename: "sweet.png", contentType: "image/png", bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html]) }), [400, 415]],
      [
        "SVG with a script",
        async () => ({ filename: "sweet.svg", contentType: "image/svg+xml", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64"/></svg>') }),
        [400, 415],
      ],
      ["a picture over the 20 MB limit", async () => ({ filename: "big.png", contentType: "image/png", bytes: Buffer.concat([await pngBytes(), Buffer.alloc(MAX_IMAGE_BYTES)]) }), [413]],
    ];

    it.each(cases)("%s", async (_name, fileOf, statuses) => {
      const file = { field: "image", ...(await fileOf()) };
      const before = await snapshotDb(t.database.db);
      for (const [method, url] of [["POST", "/api/food/add"], ["PUT", `/api/food/edit/${itemId}`]] as const) {
        const form = multipart(FOOD_FIELDS, file);
        const res = await t.app.inject({ method, url, payload: form.payload, headers: { ...bearer(adminAccount.token), ...form.headers } });
        expect(statuses, `${url} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        expectRefused(res, url);
      }
      expect(await snapshotDb(t.database.db)).toEqual(before);
    });
  });

  it("stores review text with markup verbatim and returns it only as JSON data", async () => {
    const customer = await createAccount(t.database.db, "user");
    const text = `<script>alert("x")</script><img src=x onerror=alert(1)> Lovely barfi!`;
    const created = await inject("POST", "/api/reviews", bearer(customer.token), { productId: itemId, review: text, rating: 4 });
    expect(created.statusCode).toBe(201);
    expect(created.headers["content-type"]).toMatch(/^application\/json/);
    const list = await inject("GET", `/api/reviews/${itemId}`, {});
    expect(list.headers["content-type"]).toMatch(/^application\/json/);
    expect(jsonOf<{ review: string }[]>(list).map((review) => review.review)).toContain(text);
    const viaTrpc = await inject("GET", `/trpc/reviews.list?input=${encodeURIComponent(JSON.stringify({ productId: itemId }))}`, {});
    expect(viaTrpc.headers["content-type"]).toMatch(/^application\/json/);
    expect(viaTrpc.body).toContain(JSON.stringify(text).slice(1, -1));
  });
});
