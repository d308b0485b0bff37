import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readNewestOutboxMail } from "@mithai/api/mail/outbox";
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
beforeEach(() => {
  // Each test starts with fresh attempt counters; the limits themselves are tested on purpose below.
  for (const limiter of Object.values(t.app.deps.accountLimits)) limiter.reset();
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
    expect(jsonOf(duplicate)).toEqual({ success: false, message: expect.stringMatching(/already exists/) });

    const wrong = await post("/api/user/login", { email, password: "not-my-password" });
    expect(wrong.statusCode).toBe(401);
    expect(jsonOf(wrong)).toEqual({ success: false, message: "Invalid email or password" });
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

  it("answers 429 once the login limit for an e-mail is used up", async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post("/api/user/login", { email, password: "guessing-123" })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await post("/api/user/login", { email, password: "guessing-123" });
    expect(limited.statusCode).toBe(429);
    expect(jsonOf<{ message: string }>(limited).message).toMatch(/Too many login attempts/);
  });

  it("answers 429 once the sign-up limit for one e-mail is used up", async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post("/api/user/register", { name: "Spam", email, password: "motichoor-11" })).statusCode);
    expect(statuses).toEqual([200, 409, 409, 409, 409, 429]);
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
    expect(refused.body).toEqual({ success: false, message: expect.stringMatching(/Admin registration is closed/) });
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
      expect(jsonOf(res)).toEqual({ success: true, name: "Kiran", email, role: "user", phoneNumber: null, addresses: [] });
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
    expect(answer.user.addresses).toEqual([{ _id: expect.any(String), ...validAddress, pincode: "560025" }]);
    const profile = jsonOf<{ addresses: unknown[] }>(await t.app.inject({ url: "/api/user/profile", headers: { token: body.token } }));
    expect(profile.addresses).toEqual(answer.user.addresses);
  });

  it("refuses invalid addresses with 400 and a message, saving nothing", async () => {
    const { email, body } = await signUp();
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    for (const change of [{ zip: "012345" }, { zip: "5600" }, { mobile: "12345" }, { city: "" }, { street: 42 }]) {
      const res = await t.app.inject({ method: "PUT", url: "/api/user/add-address", headers: { token: body.token }, payload: { ...validAddress, ...change } });
      expect(res.statusCode).toBe(400);
      expect(jsonOf<{ success: boolean; message: string }>(res)).toEqual({ success: false, message: expect.any(String) });
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

describe("account procedures over tRPC", () => {
  it("answers bad input with the first problem in words", async () => {
    const res = await t.app.inject({ method: "POST", url: "/trpc/auth.register", payload: { name: "Kiran", email: "nope", password: "motichoor-11" } });
    expect(res.statusCode).toBe(400);
    expect(jsonOf<{ error: { message: string } }>(res).error.message).toBe("Please enter a valid email");
  });

  it("does not accept the bare token header (Bearer only)", async () => {
    const { body } = await signUp();
    expect((await t.app.inject({ url: "/trpc/user.profile", headers: { token: body.token } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/trpc/user.profile", headers: { authorization: `Bearer ${body.token}` } })).statusCode).toBe(200);
  });
});
