import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readNewestOutboxMail } from "@mithai/api";
import { eq } from "@mithai/db/sql";
import { addresses, users } from "@mithai/db/schema";
import { createTestApp, jsonOf, type TestApp } from "../testing";

interface AuthBody {
  success: boolean;
  token: string;
  message: string;
  role?: string;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: "https://mithai.example.in", SHOP_NAME: "Mithai Test Shop" } });
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test starts with fresh attempt counters; the limits themselves are tested on purpose below.
  await t.app.deps.rateLimiters.reset();
});

let counter = 0;
const uniqueEmail = () => `rest${Date.now()}${counter++}@example.in`;
const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: "POST", url, payload, headers });

async function signUp(overrides: Record<string, string> = {}) {
  const email = uniqueEmail();
  const res = await post("/api/user/register", { name: "Kiran", email, password: "motichoor-11", ...overrides });
  return { email, res, body: jsonOf<AuthBody>(res) };
}

const validAddress = { street: "4 Residency Road", city: "Bengaluru", state: "Karnataka", zip: "560025", country: "India", mobile: "9845012345" };

describe("POST /api/user/register and /api/user/login", () => {
  it("answers { success, token, message }; login adds the role", async () => {
    const { email, res, body } = await signUp();
    expect(res.statusCode).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["message", "success", "token"]);
    expect(body.success).toBe(true);

    const login = await post("/api/user/login", { email: email.toUpperCase(), password: "motichoor-11" });
    expect(login.statusCode).toBe(200);
    expect(jsonOf<AuthBody>(login)).toMatchObject({ success: true, role: "user", message: "Login successful" });
  });

  it("refuses a duplicate e-mail with 409 and a wrong password with 401, as { success: false, message }", async () => {
    const { email } = await signUp();
    const duplicate = await post("/api/user/register", { name: "Other", email: ` ${email.toUpperCase()} `, password: "motichoor-11" });
    expect(duplicate.statusCode).toBe(409);
    expect(jsonOf(duplicate)).toEqual({ success: false, code: "EMAIL_TAKEN", message: expect.stringMatching(/already exists/), requestId: expect.any(String) });

    const wrong = await post("/api/user/login", { email, password: "not-my-password" });
    expect(wrong.statusCode).toBe(401);
    expect(jsonOf(wrong)).toEqual({ success: false, code: "BAD_CREDENTIALS", message: "Invalid email or password", requestId: expect.any(String) });
  });

  it("answers malformed bodies with 400 and a message, creating nothing", async () => {
    const email = uniqueEmail();
    for (const payload of [{ name: "Kiran", email, password: "short" }, { name: "Kiran", email, password: 12345678 }, { name: "x".repeat(500), email, password: "motichoor-11" }, {}]) {
      const res = await post("/api/user/register", payload);
      expect(res.statusCode).toBe(400);
      expect(jsonOf<{ message: string }>(res).message).toBeTruthy();
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("answers 429 after ten wrong passwords for an account from one address; the owner elsewhere still gets in", async () => {
    const { email } = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await post("/api/user/login", { email, password: "guessing-123" })).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const limited = await post("/api/user/login", { email, password: "motichoor-11" });
    expect(limited.statusCode).toBe(429);
    expect(jsonOf<{ message: string }>(limited).message).toMatch(/Too many wrong passwords/);
    const elsewhere = await t.app.inject({ method: "POST", url: "/api/user/login", payload: { email, password: "motichoor-11" }, remoteAddress: "192.0.2.50" });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("answers 429 once one address used up its sign-ups", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push((await post("/api/user/register", { name: "Spam", email: uniqueEmail(), password: "motichoor-11" })).statusCode);
    expect(statuses.slice(0, 50).every((s) => s === 200)).toBe(true);
    expect(statuses[50]).toBe(429);
  });
});

describe("admin registration over REST", () => {
  it("bootstraps the first admin, refuses a second with 403, and accepts an admin token in the token header", async () => {
    const first = await signUp({ role: "admin" });
    expect(first.res.statusCode).toBe(200);
    const adminLogin = jsonOf<AuthBody>(await post("/api/user/login", { email: first.email, password: "motichoor-11" }));
    expect(adminLogin.role).toBe("admin");

    const refused = await signUp({ role: "admin" });
    expect(refused.res.statusCode).toBe(403);
    expect(refused.body).toEqual({ success: false, code: "FORBIDDEN", message: expect.stringMatching(/Admin registration is closed/), requestId: expect.any(String) });
    expect(await t.database.db.select().from(users).where(eq(users.email, refused.email))).toHaveLength(0);

    const customer = await signUp();
    const byCustomer = await post("/api/user/register", { name: "Sneaky", email: uniqueEmail(), password: "motichoor-11", role: "admin" }, { authorization: `Bearer ${customer.body.token}` });
    expect(byCustomer.statusCode).toBe(403);

    const email = uniqueEmail();
    const second = await post("/api/user/register", { name: "Second Admin", email, password: "motichoor-11", role: "admin" }, { token: first.body.token });
    expect(second.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.role).toBe("admin");
  });
});

describe("GET /api/user/profile and PUT /api/user/add-address", () => {
  it("accepts the token as Bearer or in the token header, and 401 without one or with a forged one", async () => {
    const { email, body } = await signUp();
    for (const headers of [{ authorization: `Bearer ${body.token}` }, { token: body.token }]) {
      const res = await t.app.inject({ url: "/api/user/profile", headers });
      expect(res.statusCode).toBe(200);
      expect(jsonOf(res)).toEqual({ success: true, name: "Kiran", email, role: "user", phoneNumber: null, addresses: [], lastUsedAddressId: null, language: "en" });
    }
    expect((await t.app.inject("/api/user/profile")).statusCode).toBe(401);
    const forged = body.token.slice(0, -4) + (body.token.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect((await t.app.inject({ url: "/api/user/profile", headers: { token: forged } })).statusCode).toBe(401);
  });

  it("adds an address from the dashboard's zip field and answers message and user.addresses", async () => {
    const { body } = await signUp();
    const res = await t.app.inject({ method: "PUT", url: "/api/user/add-address", headers: { token: body.token }, payload: validAddress });
    expect(res.statusCode).toBe(200);
    const answer = jsonOf<{ message: string; user: { addresses: Record<string, string>[] } }>(res);
    expect(answer.message).toBe("Address added successfully!");
    expect(answer.user.addresses).toEqual([{ _id: expect.any(String), ...validAddress, pincode: "560025", mobile: "+919845012345" }]);
    const profile = jsonOf<{ addresses: unknown[] }>(await t.app.inject({ url: "/api/user/profile", headers: { token: body.token } }));
    expect(profile.addresses).toEqual(answer.user.addresses);
  });

  it("refuses invalid addresses with 400 and a message, saving nothing", async () => {
    const { email, body } = await signUp();
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    for (const change of [{ zip: "012345" }, { zip: "5600" }, { mobile: "12345" }, { city: "" }, { street: 42 }]) {
      const res = await t.app.inject({ method: "PUT", url: "/api/user/add-address", headers: { token: body.token }, payload: { ...validAddress, ...change } });
      expect(res.statusCode).toBe(400);
      expect(jsonOf<{ success: boolean; message: string }>(res)).toMatchObject({ success: false, message: expect.stringMatching(/^(pincode|mobile|city|street): /) });
    }
    expect(await t.database.db.select().from(addresses).where(eq(addresses.userId, user!.id))).toHaveLength(0);
  });

  it("refuses the 21st address", async () => {
    const { body } = await signUp();
    const put = () => t.app.inject({ method: "PUT", url: "/api/user/add-address", headers: { token: body.token }, payload: validAddress });
    for (let i = 0; i < 20; i++) expect((await put()).statusCode).toBe(200);
    const res = await put();
    expect(res.statusCode).toBe(400);
    expect(jsonOf<{ message: string }>(res).message).toMatch(/at most 20/);
  });

  it("needs a signed-in customer to add an address", async () => {
    expect((await t.app.inject({ method: "PUT", url: "/api/user/add-address", payload: validAddress })).statusCode).toBe(401);
  });
});

describe("POST /api/forgot-password and /api/reset-password", () => {
  it("mails a link to PUBLIC_URL/reset-password; the token resets once, then is refused", async () => {
    const { email } = await signUp();
    const forgot = await post("/api/forgot-password", { email });
    expect(forgot.statusCode).toBe(200);
    const message = jsonOf<{ message: string }>(forgot).message;
    expect(jsonOf(await post("/api/forgot-password", { email: uniqueEmail() }))).toEqual({ success: true, message });

    await t.app.deps.outbox.drain();
    const eml = (await readNewestOutboxMail(t.env.outboxDir))!;
    expect(eml).toContain(`To: ${email}`);
    expect(eml).toContain("Subject: Reset your Mithai Test Shop password");
    expect(eml).toContain("Content-Type: text/html");
    expect(eml).toContain("Content-Type: text/plain");
    const token = decodeURIComponent(eml.match(/https:\/\/mithai\.example\.in\/reset-password\?token=([A-Za-z0-9_%-]+)/)![1]!);

    const reset = await post("/api/reset-password", { token, newPassword: "fresh-password-1" });
    expect(reset.statusCode).toBe(200);
    expect(jsonOf<{ message: string }>(reset).message).toMatch(/password has been reset/);
    expect((await post("/api/user/login", { email, password: "fresh-password-1" })).statusCode).toBe(200);

    const reuse = await post("/api/reset-password", { token, newPassword: "another-password-2" });
    expect(reuse.statusCode).toBe(400);
    expect(jsonOf<{ message: string }>(reuse).message).toMatch(/invalid or has expired/);
  });

  it("answers 429 once an e-mail asked too often", async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post("/api/forgot-password", { email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("refuses a short new password with 400", async () => {
    const res = await post("/api/reset-password", { token: "whatever", newPassword: "short" });
    expect(res.statusCode).toBe(400);
    expect(jsonOf<{ message: string }>(res).message).toMatch(/at least 8 characters/);
  });
});

describe("sign out everywhere and password change over REST", () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const profileStatus = async (token: string) => (await t.app.inject({ url: "/api/user/profile", headers: bearer(token) })).statusCode;

  it("POST /api/user/logout-all ends every session: a signed-out token gets 401", async () => {
    const { email, body } = await signUp();
    const other = jsonOf<AuthBody>(await post("/api/user/login", { email, password: "motichoor-11" }));
    const res = await post("/api/user/logout-all", {}, bearer(body.token));
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res)).toEqual({ success: true, message: "You have been signed out on every device." });
    expect(await profileStatus(body.token)).toBe(401);
    expect(await profileStatus(other.token)).toBe(401);
    expect((await post("/api/user/logout-all", {}, bearer(body.token))).statusCode).toBe(401);
  });

  it("POST /api/user/logout ends this session only: its token gets 401 on every call, the other session goes on", async () => {
    const { email, body } = await signUp();
    const other = jsonOf<AuthBody>(await post("/api/user/login", { email, password: "motichoor-11" }));
    const res = await post("/api/user/logout", {}, bearer(body.token));
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res)).toEqual({ success: true, message: "You have been signed out." });
    expect(await profileStatus(body.token)).toBe(401);
    expect((await t.app.inject({ url: "/trpc/user.profile", headers: bearer(body.token) })).statusCode).toBe(401);
    expect(await profileStatus(other.token)).toBe(200);
    expect((await post("/api/user/logout", {}, bearer(body.token))).statusCode).toBe(401);
  });

  it("POST /api/user/change-password answers a fresh token and ends the older ones", async () => {
    const { email, body } = await signUp();
    const wrong = await post("/api/user/change-password", { currentPassword: "nope-nope-1", newPassword: "kaju-katli-22" }, bearer(body.token));
    expect(wrong.statusCode).toBe(400);
    expect(jsonOf(wrong)).toEqual({ success: false, code: "CURRENT_PASSWORD_WRONG", message: "Your current password is not correct.", errors: [{ path: "currentPassword", message: "Your current password is not correct." }], requestId: expect.any(String) });
    const short = await post("/api/user/change-password", { currentPassword: "motichoor-11", newPassword: "short" }, bearer(body.token));
    expect(short.statusCode).toBe(400);

    const res = await post("/api/user/change-password", { currentPassword: "motichoor-11", newPassword: "kaju-katli-22" }, bearer(body.token));
    expect(res.statusCode).toBe(200);
    const changed = jsonOf<AuthBody>(res);
    expect(changed).toMatchObject({ success: true, role: "user" });
    expect(await profileStatus(body.token)).toBe(401);
    expect(await profileStatus(changed.token)).toBe(200);
    expect((await post("/api/user/login", { email, password: "kaju-katli-22" })).statusCode).toBe(200);
    expect((await post("/api/user/change-password", { currentPassword: "kaju-katli-22", newPassword: "x-new-pass-33" })).statusCode).toBe(401);
  });

  it("a token issued before a password reset gets 401 after it (issue 13)", async () => {
    const { email, body } = await signUp();
    await post("/api/forgot-password", { email });
    await t.app.deps.outbox.drain();
    const eml = (await readNewestOutboxMail(t.env.outboxDir))!;
    const token = decodeURIComponent(eml.match(/reset-password\?token=([A-Za-z0-9_%-]+)/)![1]!);
    expect((await post("/api/reset-password", { token, newPassword: "fresh-password-1" })).statusCode).toBe(200);
    expect(await profileStatus(body.token)).toBe(401);
  });

  it("limits /api/reset-password per address (issue 13)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await post("/api/reset-password", { token: `bogus-${i}`, newPassword: "fresh-password-1" })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("account procedures over tRPC", () => {
  it("user.logoutAll and user.changePassword end older tokens", async () => {
    const { body } = await signUp();
    const call = (path: string, token: string, payload?: object) =>
      t.app.inject({ method: "POST", url: `/trpc/${path}`, headers: { authorization: `Bearer ${token}` }, payload: payload ?? {} });
    const changed = await call("user.changePassword", body.token, { currentPassword: "motichoor-11", newPassword: "kaju-katli-22" });
    expect(changed.statusCode).toBe(200);
    const fresh = jsonOf<{ result: { data: AuthBody } }>(changed).result.data.token;
    expect((await t.app.inject({ url: "/trpc/user.profile", headers: { authorization: `Bearer ${body.token}` } })).statusCode).toBe(401);
    expect((await call("user.logoutAll", fresh)).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/trpc/user.profile", headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(401);
  });

  it("refuses a batch of more than 10 calls with 400 and runs none of them (issue 13: 262 bogus resets)", async () => {
    const calls = 262;
    const input = Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { token: `bogus-${i}`, newPassword: "fresh-password-1" }]));
    const res = await t.app.inject({
      method: "POST",
      url: `/trpc/${Array(calls).fill("auth.resetPassword").join(",")}?batch=1`,
      payload: input,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(jsonOf(res))).toMatch(/Batch call exceeds maximum size/);
    // Nothing ran: the address still has all its reset attempts.
    const ten = await t.app.inject({
      method: "POST",
      url: `/trpc/${Array(10).fill("auth.resetPassword").join(",")}?batch=1`,
      payload: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { token: `bogus-${i}`, newPassword: "fresh-password-1" }])),
    });
    expect(ten.statusCode).toBe(400);
    expect(jsonOf<Array<{ error: { data: { httpStatus: number } } }>>(ten).map((answer) => answer.error.data.httpStatus)).toEqual(Array(10).fill(400));
  });

  it("answers bad input with the first problem in words", async () => {
    const res = await t.app.inject({ method: "POST", url: "/trpc/auth.register", payload: { name: "Kiran", email: "nope", password: "motichoor-11" } });
    expect(res.statusCode).toBe(400);
    expect(jsonOf<{ error: { message: string } }>(res).error.message).toBe("email: Please enter a valid email");
  });

  it("does not accept the bare token header (Bearer only)", async () => {
    const { body } = await signUp();
    expect((await t.app.inject({ url: "/trpc/user.profile", headers: { token: body.token } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/trpc/user.profile", headers: { authorization: `Bearer ${body.token}` } })).statusCode).toBe(200);
  });
});
