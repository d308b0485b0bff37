import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foodItems } from "@mithai/db/schema";
import { createTestApp, jsonOf, type TestApp } from "../testing";
import { bearer, createAccount } from "./admin-fixtures";

/**
 * REST answers an outside client can act on (issue 20): 400s name the field and list every failing one; a wrong
 * method on a real path is a 405 with Allow; cart answers carry `cartData` for the food-del family of clients; JSON
 * sent as text/plain is read as JSON.
 */
describe("answers outside clients can act on", () => {
  let t: TestApp;
  let customer: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    customer = bearer((await createAccount(t.database.db, "user")).token);
    admin = bearer((await createAccount(t.database.db, "admin")).token);
  });
  afterAll(() => t.close());

  type Refusal = { success: false; message: string; errors: { path: string; message: string }[] };

  it("names the field in every 400 and lists every failing field", async () => {
    const empty = await t.app.inject({ method: "POST", url: "/api/order/place", headers: customer, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(jsonOf<Refusal>(empty)).toMatchObject({ success: false, message: "address: required", errors: [{ path: "address", message: "required" }] });

    // food-del's verify body.
    const verify = await t.app.inject({ method: "POST", url: "/api/order/verify", headers: customer, payload: { success: "true", orderId: "abc" } });
    expect(verify.statusCode).toBe(400);
    const verifyBody = jsonOf<Refusal>(verify);
    expect(verifyBody.message).toBe("razorpay_order_id: required");
    expect(verifyBody.errors.map((e) => e.path)).toEqual(["razorpay_order_id", "razorpay_payment_id", "razorpay_signature"]);

    for (const limit of ["abc", "500", "0", "2.5"]) {
      const res = await t.app.inject({ url: `/api/order/list?limit=${limit}`, headers: admin });
      expect(res.statusCode).toBe(400);
      expect(jsonOf<Refusal>(res).message).toBe("limit: a whole number from 1 to 200");
    }

    const address = { fullName: "Asha", email: "asha@example.in", street: "1 Road", city: "Pune", state: "MH", pincode: "012345", country: "India", mobile: "12" };
    const bad = jsonOf<Refusal>(await t.app.inject({ method: "POST", url: "/api/order/place", headers: customer, payload: { address } }));
    expect(bad.message).toBe("address.pincode: PIN code must be 6 digits and cannot start with 0");
    expect(bad.errors).toEqual([
      { path: "address.pincode", message: "PIN code must be 6 digits and cannot start with 0" },
      { path: "address.mobile", message: "Mobile number must be 10 digits, like 98450 12345 (0, 91 or +91 in front is fine)" },
    ]);
  });

  it("does the same over tRPC, with the failing fields in the error's data", async () => {
    const res = await t.app.inject({ method: "POST", url: "/trpc/order.place", headers: customer, payload: {} });
    expect(res.statusCode).toBe(400);
    const error = jsonOf<{ error: { message: string; data: { errors: { path: string }[] } } }>(res).error;
    expect(error.message).toBe("address: required");
    expect(error.data.errors.map((e) => e.path)).toEqual(["address"]);
  });

  it("answers a wrong method on a real path with 405 and Allow; an unknown path stays 404", async () => {
    const wrong = await t.app.inject({ method: "POST", url: "/api/order/update-status", headers: admin, payload: {} });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe("PUT");
    expect(jsonOf(wrong).message).toMatch(/POST is not accepted on \/api\/order\/update-status; it takes PUT/);

    const item = (await t.database.db.select({ id: foodItems.id }).from(foodItems).limit(1))[0]!;
    const parametric = await t.app.inject({ method: "DELETE", url: `/api/food/edit/${item.id}` });
    expect(parametric.statusCode).toBe(405);
    expect(parametric.headers.allow).toBe("PUT");
    expect((await t.app.inject({ method: "GET", url: "/api/cart/get" })).headers.allow).toBe("POST");
    expect((await t.app.inject({ method: "POST", url: "/api/food/list" })).headers.allow).toBe("GET, HEAD");
    expect((await t.app.inject({ method: "POST", url: "/api/no-such-path" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/order/update-status/extra" })).statusCode).toBe(404);
  });

  it("carries the cart as an id → quantity map (cartData) beside cartItems, on every cart answer", async () => {
    const [a, b] = await t.database.db.select({ id: foodItems.id }).from(foodItems).limit(2);
    const call = (path: string, payload: object) => t.app.inject({ method: "POST", url: `/api/cart/${path}`, headers: { token: customer.authorization!.slice(7) }, payload });
    const added = jsonOf<{ cartItems: { _id: string; quantity: number }[]; cartData: Record<string, number> }>(await call("add", { itemId: a!.id, quantity: 2 }));
    expect(added.cartData).toEqual({ [a!.id]: 2 });
    expect(added.cartItems).toEqual([{ _id: a!.id, quantity: 2 }]);
    expect(jsonOf(await call("merge", { cartData: { [b!.id]: 1 } })).cartData).toEqual({ [a!.id]: 2, [b!.id]: 1 });
    expect(jsonOf(await call("remove", { itemId: a!.id })).cartData).toEqual({ [a!.id]: 1, [b!.id]: 1 });
    expect(jsonOf(await call("get", {})).cartData).toEqual({ [a!.id]: 1, [b!.id]: 1 });
  });

  it("reads JSON sent as text/plain (what fetch sends for a string body); a body that is not JSON is a clear 400", async () => {
    const email = `plain-${Date.now()}@example.in`;
    const json = await t.app.inject({
      method: "POST",
      url: "/api/user/register",
      headers: { "content-type": "text/plain;charset=UTF-8" },
      payload: JSON.stringify({ name: "Plain Text", email, password: "plain-text-1" }),
    });
    expect(json.statusCode).toBe(200);
    expect(jsonOf(json)).toMatchObject({ success: true, token: expect.any(String) });
    const notJson = await t.app.inject({ method: "POST", url: "/api/user/login", headers: { "content-type": "text/plain" }, payload: "email=a@b.in" });
    expect(notJson.statusCode).toBe(400);
    expect(jsonOf(notJson).message).toBe("The request body is not JSON: send JSON, with Content-Type: application/json");
  });
});
