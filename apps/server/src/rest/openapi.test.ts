import { createHmac, randomUUID } from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAQ_ENTRIES_PER_ITEM } from "@mithai/schema";
import { createCheckoutApp, createCustomer, eventually, fillCart, newestMail, payInSandboxWindow, testAddress, type Customer } from "../checkout/fixtures";
import { jsonOf, type TestApp } from "../testing";
import { createAccount, multipart, pngBytes } from "./admin-fixtures";

/**
 * The contract test: walks /api/openapi.json and, for every documented operation, sends a valid request and an invalid
 * one, and checks each answer's status and body against what the document says of it. An operation the table below
 * does not know fails the test, so a new documented path comes with its proof.
 */

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}
interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

interface Fixtures {
  customer: Customer;
  admin: string;
  item: { _id: string; slug: string };
  /** A second customer with a known password (sign-in, password change, sign-out). */
  account: { email: string; password: string; token: string };
  paidOrderId: string;
  /** An order paid and then cancelled by its customer: its refund has a credit note. */
  cancelledOrderId: string;
  foodId: string;
  zoneId: string;
  promoId: string;
  today: string;
}

type Request = (f: Fixtures) => InjectOptions | Promise<InjectOptions>;
interface Case {
  valid: Request;
  /** A request the route refuses with a documented 4xx; null when the operation takes nothing that can be wrong. */
  invalid: Request | null;
  /** Runs after the valid request (fixtures that the next operations need). */
  after?: (f: Fixtures, answer: LightMyRequestResponse) => void | Promise<void>;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const as = (token: string, options: InjectOptions): InjectOptions => ({ ...options, headers: { ...options.headers, ...bearer(token) } });
const zone = { name: "Pune", pincodes: ["411"], charge: 40, minDays: 1, maxDays: 2 };
const promo = { code: `CONTRACT${Date.now() % 100000}`, kind: "percent", value: 10 };
const foodFields = {
  name: "Contract Barfi",
  description: "A sweet made for the contract test",
  price: "650",
  category: "Flour Sweets",
  ingredients: "Milk, sugar",
  benefits: "Joy",
  faq: JSON.stringify(Array.from({ length: FAQ_ENTRIES_PER_ITEM }, (_, i) => ({ question: `Question ${i + 1}?`, answer: `Answer ${i + 1}.` }))),
};

async function signedWebhook(t: TestApp, payload: unknown): Promise<InjectOptions> {
  const body = JSON.stringify(payload);
  const signature = createHmac("sha256", t.env.payments.webhookSecret!).update(body).digest("hex");
  return {
    method: "POST",
    url: "/api/payments/razorpay/webhook",
    headers: { "content-type": "application/json", "x-razorpay-signature": signature, "x-razorpay-event-id": `evt_${randomUUID()}` },
    payload: body,
  };
}

/** Every documented operation, in the order they are walked (later ones use what earlier ones made). */
function cases(t: TestApp): Record<string, Case> {
  return {
    getFoodList: { valid: () => ({ url: "/api/food/list" }), invalid: null },
    getFoodSearch: { valid: () => ({ url: "/api/food/search?q=kaju" }), invalid: () => ({ url: "/api/food/search?q=" }) },
    getFoodSlugBySlug: { valid: (f) => ({ url: `/api/food/slug/${f.item.slug}` }), invalid: () => ({ url: "/api/food/slug/no-such-sweet" }) },
    getFoodItemById: { valid: (f) => ({ url: `/api/food/item/${f.item._id}` }), invalid: () => ({ url: `/api/food/item/${randomUUID()}` }) },
    postUserRegister: {
      valid: (f) => ({ method: "POST", url: "/api/user/register", payload: { name: "Contract Buyer", email: f.account.email, password: f.account.password } }),
      invalid: () => ({ method: "POST", url: "/api/user/register", payload: { name: "", email: "no", password: "x" } }),
      after: (f, answer) => {
        f.account.token = jsonOf<{ token: string }>(answer).token;
      },
    },
    postUserLogin: {
      valid: (f) => ({ method: "POST", url: "/api/user/login", payload: { email: f.account.email, password: f.account.password } }),
      invalid: (f) => ({ method: "POST", url: "/api/user/login", payload: { email: f.account.email, password: "not-the-password" } }),
    },
    getUserProfile: { valid: (f) => as(f.customer.token, { url: "/api/user/profile" }), invalid: () => ({ url: "/api/user/profile" }) },
    putUserProfile: {
      valid: (f) => as(f.customer.token, { method: "PUT", url: "/api/user/profile", payload: { language: "hi" } }),
      invalid: (f) => as(f.customer.token, { method: "PUT", url: "/api/user/profile", payload: { language: "fr" } }),
    },
    putUserAddAddress: {
      valid: (f) => as(f.customer.token, { method: "PUT", url: "/api/user/add-address", payload: { street: "1 Main Road", city: "Pune", state: "Maharashtra", zip: "411001", mobile: "9876543210" } }),
      invalid: (f) => as(f.customer.token, { method: "PUT", url: "/api/user/add-address", payload: { street: "1 Main Road" } }),
    },
    postForgotPassword: {
      valid: (f) => ({ method: "POST", url: "/api/forgot-password", payload: { email: f.account.email } }),
      invalid: () => ({ method: "POST", url: "/api/forgot-password", payload: { email: "not-an-address" } }),
    },
    postResetPassword: {
      valid: async (f) => {
        const eml = (await newestMail(t)).replace(/=\r?\n/g, "");
        const token = decodeURIComponent(eml.match(/reset-password\?token=3D([A-Za-z0-9_%-]+)|reset-password\?token=([A-Za-z0-9_%-]+)/)!.slice(1).find(Boolean)!);
        return { method: "POST", url: "/api/reset-password", payload: { token, newPassword: f.account.password } };
      },
      invalid: () => ({ method: "POST", url: "/api/reset-password", payload: { token: "not-a-reset-token", newPassword: "fresh-password-1" } }),
      after: async (f) => {
        // A reset ends the account's sessions: sign in again for the calls below.
        const login = await t.app.inject({ method: "POST", url: "/api/user/login", payload: { email: f.account.email, password: f.account.password } });
        f.account.token = jsonOf<{ token: string }>(login).token;
      },
    },
    postUserChangePassword: {
      valid: (f) => as(f.account.token, { method: "POST", url: "/api/user/change-password", payload: { currentPassword: f.account.password, newPassword: f.account.password } }),
      invalid: (f) => as(f.account.token, { method: "POST", url: "/api/user/change-password", payload: { currentPassword: "wrong-password-9", newPassword: "fresh-password-1" } }),
      after: (f, answer) => {
        f.account.token = jsonOf<{ token: string }>(answer).token;
      },
    },
    postUserLogout: { valid: (f) => as(f.account.token, { method: "POST", url: "/api/user/logout" }), invalid: () => ({ method: "POST", url: "/api/user/logout" }) },
    postUserLogoutAll: {
      valid: async (f) => {
        const login = await t.app.inject({ method: "POST", url: "/api/user/login", payload: { email: f.account.email, password: f.account.password } });
        return as(jsonOf<{ token: string }>(login).token, { method: "POST", url: "/api/user/logout-all" });
      },
      invalid: () => ({ method: "POST", url: "/api/user/logout-all", headers: { token: "forged" } }),
    },
    postCartGet: { valid: (f) => as(f.customer.token, { method: "POST", url: "/api/cart/get" }), invalid: () => ({ method: "POST", url: "/api/cart/get" }) },
    postCartAdd: {
      valid: (f) => as(f.customer.token, { method: "POST", url: "/api/cart/add", payload: { itemId: f.item._id, quantity: 2 } }),
      invalid: (f) => as(f.customer.token, { method: "POST", url: "/api/cart/add", payload: { itemId: f.item._id, quantity: 0 } }),
    },
    postCartRemove: {
      valid: (f) => as(f.customer.token, { method: "POST", url: "/api/cart/remove", payload: { itemId: f.item._id } }),
      invalid: (f) => as(f.customer.token, { method: "POST", url: "/api/cart/remove", payload: {} }),
    },
    postCartMerge: {
      valid: (f) => as(f.customer.token, { method: "POST", url: "/api/cart/merge", payload: { cartData: { [f.item._id]: 1 } } }),
      invalid: (f) => as(f.customer.token, { method: "POST", url: "/api/cart/merge", payload: { cartData: 5 } }),
    },
    getDeliveryQuote: { valid: () => ({ url: "/api/delivery/quote?pincode=560001&subtotal=500" }), invalid: () => ({ url: "/api/delivery/quote?pincode=12" }) },
    getDeliveryTerms: { valid: () => ({ url: "/api/delivery/terms" }), invalid: null },
    getAdminDeliveryZones: { valid: (f) => as(f.admin, { url: "/api/admin/delivery-zones" }), invalid: (f) => as(f.customer.token, { url: "/api/admin/delivery-zones" }) },
    postAdminDeliveryZones: {
      valid: (f) => as(f.admin, { method: "POST", url: "/api/admin/delivery-zones", payload: zone }),
      invalid: (f) => as(f.admin, { method: "POST", url: "/api/admin/delivery-zones", payload: { ...zone, pincodes: [] } }),
      after: (f, answer) => {
        f.zoneId = jsonOf<{ data: { _id: string } }>(answer).data._id;
      },
    },
    putAdminDeliveryZonesById: {
      valid: (f) => as(f.admin, { method: "PUT", url: `/api/admin/delivery-zones/${f.zoneId}`, payload: { ...zone, charge: 45 } }),
      invalid: (f) => as(f.admin, { method: "PUT", url: `/api/admin/delivery-zones/${randomUUID()}`, payload: zone }),
    },
    deleteAdminDeliveryZonesById: {
      valid: (f) => as(f.admin, { method: "DELETE", url: `/api/admin/delivery-zones/${f.zoneId}` }),
      invalid: (f) => as(f.admin, { method: "DELETE", url: "/api/admin/delivery-zones/not-an-id" }),
    },
    getAdminPromos: { valid: (f) => as(f.admin, { url: "/api/admin/promos" }), invalid: () => ({ url: "/api/admin/promos" }) },
    postAdminPromos: {
      valid: (f) => as(f.admin, { method: "POST", url: "/api/admin/promos", payload: promo }),
      invalid: (f) => as(f.admin, { method: "POST", url: "/api/admin/promos", payload: { ...promo, value: 500 } }),
      after: (f, answer) => {
        f.promoId = jsonOf<{ data: { _id: string } }>(answer).data._id;
      },
    },
    putAdminPromosById: {
      valid: (f) => as(f.admin, { method: "PUT", url: `/api/admin/promos/${f.promoId}`, payload: { ...promo, value: 15 } }),
      invalid: (f) => as(f.admin, { method: "PUT", url: `/api/admin/promos/${randomUUID()}`, payload: promo }),
    },
    postPromoApply: {
      valid: (f) => as(f.customer.token, { method: "POST", url: "/api/promo/apply", payload: { code: promo.code } }),
      invalid: (f) => as(f.customer.token, { method: "POST", url: "/api/promo/apply", payload: { code: "" } }),
    },
    deletePromo: { valid: (f) => as(f.customer.token, { method: "DELETE", url: "/api/promo" }), invalid: () => ({ method: "DELETE", url: "/api/promo" }) },
    deleteAdminPromosById: {
      valid: (f) => as(f.admin, { method: "DELETE", url: `/api/admin/promos/${f.promoId}` }),
      invalid: (f) => as(f.admin, { method: "DELETE", url: `/api/admin/promos/${randomUUID()}` }),
    },
    putAdminFoodByIdStock: {
      valid: (f) => as(f.admin, { method: "PUT", url: `/api/admin/food/${f.item._id}/stock`, payload: { stockKg: 50 } }),
      invalid: (f) => as(f.admin, { method: "PUT", url: `/api/admin/food/${f.item._id}/stock`, payload: { stockKg: -1 } }),
    },
    postOrderPlace: {
      valid: (f) => as(f.customer.token, { method: "POST", url: "/api/order/place", payload: { address: testAddress, items: [{ _id: f.item._id, quantity: 1 }] } }),
      invalid: (f) => as(f.customer.token, { method: "POST", url: "/api/order/place", payload: { address: { ...testAddress, pincode: "12" } } }),
    },
    postOrderVerify: {
      valid: async (f) => {
        const placed = await t.app.inject(as(f.customer.token, { method: "POST", url: "/api/order/place", payload: { address: testAddress, items: [{ _id: f.item._id, quantity: 1 }] } }));
        const paid = await payInSandboxWindow(t, jsonOf(placed));
        f.paidOrderId = jsonOf<{ orderId: string }>(placed).orderId;
        return as(f.customer.token, { method: "POST", url: "/api/order/verify", payload: paid.response });
      },
      invalid: (f) => as(f.customer.token, { method: "POST", url: "/api/order/verify", payload: {} }),
    },
    postOrderCancel: {
      valid: async (f) => {
        const placed = await t.app.inject(as(f.customer.token, { method: "POST", url: "/api/order/place", payload: { address: testAddress, items: [{ _id: f.item._id, quantity: 1 }] } }));
        const paid = await payInSandboxWindow(t, jsonOf(placed));
        await t.app.inject(as(f.customer.token, { method: "POST", url: "/api/order/verify", payload: paid.response }));
        f.cancelledOrderId = jsonOf<{ orderId: string }>(placed).orderId;
        return as(f.customer.token, { method: "POST", url: "/api/order/cancel", payload: { orderId: f.cancelledOrderId } });
      },
      invalid: (f) => as(f.customer.token, { method: "POST", url: "/api/order/cancel", payload: { orderId: "not-an-id" } }),
    },
    postOrderUserorders: { valid: (f) => as(f.customer.token, { method: "POST", url: "/api/order/userorders" }), invalid: () => ({ method: "POST", url: "/api/order/userorders" }) },
    getOrderByOrderIdInvoice: {
      valid: (f) => as(f.customer.token, { url: `/api/order/${f.paidOrderId}/invoice` }),
      invalid: (f) => as(f.customer.token, { url: `/api/order/${randomUUID()}/invoice` }),
    },
    getOrderByOrderIdCreditNotesByNumber: {
      valid: async (f) => {
        let number: string | null = null;
        await eventually(async () => {
          const orders = jsonOf<{ data: { _id: string; refunds: { creditNoteNumber: string | null }[] }[] }>(
            await t.app.inject(as(f.customer.token, { method: "POST", url: "/api/order/userorders" })),
          );
          number = orders.data.find((order) => order._id === f.cancelledOrderId)?.refunds[0]?.creditNoteNumber ?? null;
          return number !== null;
        });
        return as(f.customer.token, { url: `/api/order/${f.cancelledOrderId}/credit-notes/${encodeURIComponent(number!)}` });
      },
      invalid: (f) => as(f.customer.token, { url: `/api/order/${f.cancelledOrderId}/credit-notes/MTHC-99-00-1` }),
    },
    getOrderList: { valid: (f) => as(f.admin, { url: "/api/order/list?payment=all" }), invalid: (f) => as(f.admin, { url: "/api/order/list?limit=0" }) },
    putOrderUpdateStatus: {
      valid: (f) => as(f.admin, { method: "PUT", url: "/api/order/update-status", payload: { orderId: f.paidOrderId, status: "Food Processing" } }),
      invalid: (f) => as(f.admin, { method: "PUT", url: "/api/order/update-status", payload: { orderId: f.paidOrderId, status: "Teleported" } }),
    },
    postAdminOrdersByOrderIdRefund: {
      valid: (f) => as(f.admin, { method: "POST", url: `/api/admin/orders/${f.paidOrderId}/refund`, payload: { amount: 1, reason: "A broken box" } }),
      invalid: (f) => as(f.admin, { method: "POST", url: `/api/admin/orders/${f.paidOrderId}/refund`, payload: { reason: "" } }),
    },
    getAdminTodaySales: { valid: (f) => as(f.admin, { url: "/api/admin/today-sales" }), invalid: (f) => as(f.customer.token, { url: "/api/admin/today-sales" }) },
    getAdminOrdersCsv: { valid: (f) => as(f.admin, { url: "/api/admin/orders.csv" }), invalid: (f) => as(f.admin, { url: "/api/admin/orders.csv?from=yesterday" }) },
    getAdminHealth: { valid: (f) => as(f.admin, { url: "/api/admin/health" }), invalid: (f) => as(f.customer.token, { url: "/api/admin/health" }) },
    getAdminSales: { valid: (f) => as(f.admin, { url: `/api/admin/sales?from=${f.today}&to=${f.today}` }), invalid: (f) => as(f.admin, { url: "/api/admin/sales?from=2020-13-01" }) },
    getAdminStock: { valid: (f) => as(f.admin, { url: "/api/admin/stock" }), invalid: () => ({ url: "/api/admin/stock" }) },
    getAdminKitchenProduction: {
      valid: (f) => as(f.admin, { url: `/api/admin/kitchen/production?date=${f.today}` }),
      invalid: (f) => as(f.admin, { url: `/api/admin/kitchen/production?date=${f.today}&format=docx` }),
    },
    getAdminOrdersByOrderIdPackingSlip: {
      valid: (f) => as(f.admin, { url: `/api/admin/orders/${f.paidOrderId}/packing-slip` }),
      invalid: (f) => as(f.admin, { url: `/api/admin/orders/${randomUUID()}/packing-slip` }),
    },
    getAdminPackingSlips: { valid: (f) => as(f.admin, { url: `/api/admin/packing-slips?date=${f.today}` }), invalid: (f) => as(f.admin, { url: "/api/admin/packing-slips" }) },
    getReviewsByProductId: { valid: (f) => ({ url: `/api/reviews/${f.item._id}` }), invalid: () => ({ url: "/api/reviews/bad%00id" }) },
    postReviews: {
      valid: (f) => as(f.customer.token, { method: "POST", url: "/api/reviews", payload: { productId: f.item._id, review: "Fresh and soft", rating: 5 } }),
      invalid: (f) => as(f.customer.token, { method: "POST", url: "/api/reviews", payload: { productId: f.item._id, review: "", rating: 9 } }),
    },
    postConsent: {
      valid: () => ({ method: "POST", url: "/api/consent", payload: { consentStatus: "accepted" } }),
      invalid: () => ({ method: "POST", url: "/api/consent", payload: { consentStatus: "maybe" } }),
    },
    postFoodAdd: {
      valid: async (f) => {
        const form = multipart(foodFields, { field: "image", filename: "barfi.png", contentType: "image/png", bytes: await pngBytes() });
        return as(f.admin, { method: "POST", url: "/api/food/add", ...form });
      },
      invalid: (f) => as(f.admin, { method: "POST", url: "/api/food/add", payload: foodFields }),
      after: (f, answer) => {
        f.foodId = jsonOf<{ data: { _id: string } }>(answer).data._id;
      },
    },
    putFoodEditById: {
      valid: (f) => as(f.admin, { method: "PUT", url: `/api/food/edit/${f.foodId}`, ...multipart({ ...foodFields, price: "700" }) }),
      invalid: (f) => as(f.admin, { method: "PUT", url: `/api/food/edit/${f.foodId}`, ...multipart({ ...foodFields, price: "free" }) }),
    },
    postFoodRemove: {
      valid: (f) => as(f.admin, { method: "POST", url: "/api/food/remove", payload: { id: f.foodId } }),
      invalid: (f) => as(f.admin, { method: "POST", url: "/api/food/remove", payload: {} }),
    },
    postPaymentsRazorpayWebhook: {
      valid: () => signedWebhook(t, { event: "payment.authorized", payload: {} }),
      invalid: async () => {
        const request = await signedWebhook(t, { event: "payment.authorized", payload: {} });
        return { ...request, headers: { ...request.headers, "x-razorpay-signature": "0".repeat(64) } };
      },
    },
  };
}

/** A JSON pointer into the document, as ajv resolves it. */
const pointer = (...parts: string[]) => parts.map((part) => encodeURIComponent(part.replaceAll("~", "~0").replaceAll("/", "~1"))).join("/");

describe("the OpenAPI document against the routes", () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let ajv: Ajv2020;
  const fixtures = {} as Fixtures;

  beforeAll(async () => {
    t = await createCheckoutApp();
    doc = jsonOf<OpenApiDocument>(await t.app.inject("/api/openapi.json"));
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, "openapi.json");
    const list = jsonOf<{ data: { _id: string; slug: string }[] }>(await t.app.inject("/api/food/list"));
    fixtures.item = list.data[0]!;
    fixtures.customer = await createCustomer(t);
    await fillCart(t, fixtures.customer, [1, 2]);
    fixtures.admin = (await createAccount(t.database.db, "admin")).token;
    fixtures.account = { email: `contract-${randomUUID()}@example.in`, password: "contract-password-1", token: "" };
    fixtures.today = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });
  }, 60_000);
  afterAll(() => t?.close());

  /** The answer fits what the document says of this operation and status: its media type, and a JSON body its schema. */
  function expectDocumented(path: string, method: string, answer: LightMyRequestResponse): void {
    const responses = doc.paths[path]![method]!.responses;
    const documented = responses[String(answer.statusCode)];
    expect(documented, `${method.toUpperCase()} ${path} answered ${answer.statusCode}, which it does not document: ${answer.body.slice(0, 300)}`).toBeDefined();
    const mediaType = String(answer.headers["content-type"]).split(";")[0]!;
    expect(Object.keys(documented!.content ?? {}), `${method.toUpperCase()} ${path} ${answer.statusCode} as ${mediaType}`).toContain(mediaType);
    if (mediaType !== "application/json") return;
    const validate = ajv.getSchema(`openapi.json#/${pointer("paths", path, method, "responses", String(answer.statusCode), "content", mediaType, "schema")}`)!;
    expect(validate(jsonOf(answer)), `${method.toUpperCase()} ${path} ${answer.statusCode}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }

  it("documents every operation the table proves, and the table proves every documented operation", () => {
    const documented = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(documented.sort()).toEqual(Object.keys(cases(t)).sort());
  });

  it("answers each documented operation's valid request as documented, and refuses its invalid one with a documented 4xx", async () => {
    const byId = new Map(Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => [op.operationId, { path, method }] as const)));
    for (const [operationId, { valid, invalid, after }] of Object.entries(cases(t))) {
      const { path, method } = byId.get(operationId)!;
      if (invalid) {
        const refused = await t.app.inject(await invalid(fixtures));
        expect(refused.statusCode, `${operationId} (invalid): ${refused.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        expect(refused.statusCode, `${operationId} (invalid): ${refused.body.slice(0, 300)}`).toBeLessThan(500);
        expectDocumented(path, method, refused);
      }
      const answer = await t.app.inject(await valid(fixtures));
      expect(answer.statusCode, `${operationId} (valid): ${answer.body.slice(0, 300)}`).toBeLessThan(300);
      expectDocumented(path, method, answer);
      await after?.(fixtures, answer);
    }
  }, 120_000);
});
