import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { eq } from "@mithai/db/sql";
import { addresses, orders, users } from "@mithai/db/schema";
import { createTestDb } from "@mithai/db/testing";
import {
  addressInputSchema,
  loginInputSchema,
  MAX_SAVED_ADDRESSES,
  type RegisterInput,
  registerInputSchema,
  TOKEN_TTL_SECONDS,
  updateAddressInputSchema,
  updateProfileInputSchema,
} from "@mithai/schema";
import { verifyAuthToken } from "../auth/tokens";
import { appErrorOf, createTestContext, TEST_CONFIG, uniqueEmail } from "../testing";
import { addAddress, createAdminAccount, deleteAddress, getUserProfile, loginUser, registerUser, updateAddress, updateProfile } from "./users";

let database: DbHandle;
let ctx: ReturnType<typeof createTestContext>;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());
beforeEach(() => {
  ctx = createTestContext(database.db);
});

const registration = (overrides: Partial<RegisterInput> = {}) =>
  registerInputSchema.parse({ name: "Asha Rao", email: uniqueEmail(), password: "gulab-jamun-42", ...overrides });
const address = (overrides: Record<string, string> = {}) =>
  addressInputSchema.parse({ street: "12 MG Road", city: "Pune", state: "Maharashtra", pincode: "411001", mobile: "9876543210", ...overrides });

async function sessionOf(token: string) {
  const session = await verifyAuthToken(token, TEST_CONFIG.jwtSecret);
  if (!session) throw new Error("token did not verify");
  return session;
}


async function usersWithEmail(email: string) {
  return database.db.select().from(users).where(eq(users.email, email));
}

describe("customer registration and login", () => {
  it("trims and lower-cases the e-mail, stores an argon2id hash and answers a 7-day customer token", async () => {
    const email = uniqueEmail();
    const result = await registerUser(ctx, registration({ email: `  ${email.toUpperCase()} ` }));
    expect(result).toMatchObject({ role: "user", message: "Account created successfully" });
    const [row] = await usersWithEmail(email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain("gulab-jamun-42");
    expect(await sessionOf(result.token)).toMatchObject({ userId: row!.id, role: "user", tokenVersion: 0, sessionId: expect.any(String) });
    const claims = decodeJwt(result.token);
    expect(claims.exp! - claims.iat!).toBe(TOKEN_TTL_SECONDS);

    // Signing up records the agreement to the terms, so logging in never asks for it again.
    expect(Math.abs(row!.termsAcceptedAt!.getTime() - Date.now())).toBeLessThan(60_000);

    const login = await loginUser(ctx, loginInputSchema.parse({ email: ` ${email.toUpperCase()} `, password: "gulab-jamun-42" }));
    expect(login.role).toBe("user");
    expect((await sessionOf(login.token)).userId).toBe(row!.id);
  });

  it("refuses a second account for the same e-mail, in any letter case", async () => {
    const email = uniqueEmail();
    await registerUser(ctx, registration({ email }));
    const error = await appErrorOf(registerUser(ctx, registration({ email: email.toUpperCase() })));
    expect(error.code).toBe("EMAIL_TAKEN");
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it("answers a wrong password and an unknown e-mail alike", async () => {
    const email = uniqueEmail();
    await registerUser(ctx, registration({ email }));
    const wrong = await appErrorOf(loginUser(ctx, { email, password: "not-the-password" }));
    const unknown = await appErrorOf(loginUser(ctx, { email: uniqueEmail(), password: "gulab-jamun-42" }));
    expect(wrong.code).toBe("BAD_CREDENTIALS");
    expect([unknown.code, unknown.message]).toEqual([wrong.code, wrong.message]);
  });

  it("rejects names, e-mails and passwords that break the rules", () => {
    expect(registerInputSchema.safeParse({ name: " ", email: uniqueEmail(), password: "long-enough" }).success).toBe(false);
    expect(registerInputSchema.safeParse({ name: "A", email: "not-an-email", password: "long-enough" }).success).toBe(false);
    expect(registerInputSchema.safeParse({ name: "A", email: uniqueEmail(), password: "short" }).success).toBe(false);
    expect(registerInputSchema.safeParse({ name: "A", email: uniqueEmail(), password: "long-enough", role: "owner" }).success).toBe(false);
  });

  it("bounds wrong passwords per account and address: the 11th try from that address gets 429, even with the right password", async () => {
    const input = registration();
    await registerUser(ctx, input);
    for (let i = 0; i < 10; i++) expect((await appErrorOf(loginUser(ctx, { email: input.email, password: "wrong-password" }))).code).toBe("BAD_CREDENTIALS");
    const error = await appErrorOf(loginUser(ctx, { email: input.email, password: input.password }));
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toMatch(/Too many wrong passwords/);
  });

  it("ten wrong passwords from one address do not lock the owner out from another (issue 13)", async () => {
    const input = registration();
    await registerUser(ctx, input);
    const attacker = { ...ctx, ip: "198.51.100.66" };
    for (let i = 0; i < 12; i++) await appErrorOf(loginUser(attacker, { email: input.email, password: "wrong-password" }));
    expect((await loginUser({ ...ctx, ip: "192.0.2.10" }, { email: input.email, password: input.password })).role).toBe("user");
  });

  it("a successful login clears the address's failures for that account", async () => {
    const input = registration();
    await registerUser(ctx, input);
    for (let i = 0; i < 9; i++) await appErrorOf(loginUser(ctx, { email: input.email, password: "wrong-password" }));
    await loginUser(ctx, { email: input.email, password: input.password });
    for (let i = 0; i < 9; i++) await appErrorOf(loginUser(ctx, { email: input.email, password: "wrong-password" }));
    expect((await loginUser(ctx, { email: input.email, password: input.password })).role).toBe("user");
  });

  it("bounds all login attempts from one address, across accounts", async () => {
    const guesser = { ...ctx, ip: "198.51.100.68" };
    for (let i = 0; i < 100; i++) await appErrorOf(loginUser(guesser, { email: uniqueEmail(), password: "wrong-password" }));
    const error = await appErrorOf(loginUser(guesser, { email: uniqueEmail(), password: "wrong-password" }));
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toMatch(/Too many login attempts/);
  }, 60_000);
});

describe("admin registration (DECISIONS bootstrap rule)", () => {
  it("creates the first admin, refuses a second without an admin token, and allows it with one", async () => {
    const first = await registerUser(ctx, registration({ role: "admin" }));
    expect(first.role).toBe("admin");

    const refusedEmail = uniqueEmail();
    const refused = await appErrorOf(registerUser(ctx, registration({ email: refusedEmail, role: "admin" })));
    expect(refused.code).toBe("FORBIDDEN");
    expect(await usersWithEmail(refusedEmail)).toHaveLength(0);

    const customer = await registerUser(ctx, registration());
    const asCustomer = createTestContext(database.db, { auth: await sessionOf(customer.token) });
    expect((await appErrorOf(registerUser(asCustomer, registration({ email: refusedEmail, role: "admin" })))).code).toBe("FORBIDDEN");
    expect(await usersWithEmail(refusedEmail)).toHaveLength(0);

    const asAdmin = createTestContext(database.db, { auth: await sessionOf(first.token) });
    const second = await registerUser(asAdmin, registration({ email: refusedEmail, role: "admin" }));
    expect(second.role).toBe("admin");
    const [row] = await usersWithEmail(refusedEmail);
    expect(row?.role).toBe("admin");
  });

  it("ignores an admin token whose holder is no longer an admin", async () => {
    const admin = await createAdminAccount(database.db, { name: "Old Admin", email: uniqueEmail(), password: "gulab-jamun-42" });
    await database.db.update(users).set({ role: "user" }).where(eq(users.id, admin.userId));
    const stale = createTestContext(database.db, { auth: { userId: admin.userId, role: "admin" } });
    expect((await appErrorOf(registerUser(stale, registration({ role: "admin" })))).code).toBe("FORBIDDEN");
  });

  it("the command-line admin refuses a taken e-mail", async () => {
    const email = uniqueEmail();
    await createAdminAccount(database.db, { name: "CLI Admin", email, password: "gulab-jamun-42" });
    // Nobody ticked anything for a command-line admin: no agreement is recorded.
    expect((await usersWithEmail(email))[0]!.termsAcceptedAt).toBeNull();
    const error = await appErrorOf(createAdminAccount(database.db, { name: "Again", email, password: "gulab-jamun-42" }));
    expect(error.code).toBe("EMAIL_TAKEN");
  });
  it("an admin is not locked out by someone guessing the admin's password (issue 13)", async () => {
    const email = uniqueEmail("admin");
    await createAdminAccount(database.db, { name: "Owner", email, password: "barfi-admin-77" });
    for (let i = 0; i < 12; i++) await appErrorOf(loginUser({ ...ctx, ip: "198.51.100.67" }, { email, password: "wrong-password" }));
    expect((await loginUser({ ...ctx, ip: "192.0.2.11" }, { email, password: "barfi-admin-77" })).role).toBe("admin");
  });
});

describe("profile and addresses", () => {
  it("shows the profile and keeps addresses in the order they were added", async () => {
    const email = uniqueEmail();
    const { token } = await registerUser(ctx, registration({ email }));
    const { userId } = await sessionOf(token);
    expect(await getUserProfile(database.db, userId)).toEqual({ name: "Asha Rao", email, role: "user", phoneNumber: null, addresses: [], lastUsedAddressId: null, language: "en" });

    await addAddress(database.db, userId, address());
    const list = await addAddress(database.db, userId, address({ city: "Mumbai", pincode: "400 001", mobile: "+91 98765-43210", country: "" }));
    expect(list.map((a) => a.city)).toEqual(["Pune", "Mumbai"]);
    expect(list[1]).toMatchObject({ pincode: "400001", mobile: "+919876543210", country: "India" });
    expect((await getUserProfile(database.db, userId)).addresses).toEqual(list);

    // Checkout chooses the saved address the latest order went to, however it was typed there (issue 16).
    const sentTo = { fullName: "Asha Rao", email, street: " 12  mg road ", city: "mumbai", state: "MH", pincode: "400001", country: "India", mobile: "+91 98765 43210" };
    await database.db.insert(orders).values({ userId, items: [], subtotalPaise: 100, amountPaise: 100, address: sentTo });
    expect((await getUserProfile(database.db, userId)).lastUsedAddressId).toBe(list[1]!._id);
    await database.db.insert(orders).values({ userId, items: [], subtotalPaise: 100, amountPaise: 100, address: { ...sentTo, street: "Somewhere new" }, createdAt: new Date(Date.now() + 1000) });
    expect((await getUserProfile(database.db, userId)).lastUsedAddressId).toBeNull();
  });

  it.each([
    ["a PIN code starting with 0", { pincode: "011001" }, /PIN code/],
    ["a 5-digit PIN code", { pincode: "41100" }, /PIN code/],
    ["a 9-digit mobile", { mobile: "987654321" }, /Mobile/],
    ["a mobile with another country code", { mobile: "+44 9876543210" }, /Mobile/],
    ["an empty street", { street: "  " }, /Street/],
  ])("refuses %s", (_label, overrides, message) => {
    const parsed = addressInputSchema.safeParse({ street: "12 MG Road", city: "Pune", state: "MH", pincode: "411001", mobile: "9876543210", ...overrides });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(message);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses`, async () => {
    const { token } = await registerUser(ctx, registration());
    const { userId } = await sessionOf(token);
    await database.db.insert(addresses).values(Array.from({ length: MAX_SAVED_ADDRESSES - 1 }, () => ({ userId, ...address() })));
    expect(await addAddress(database.db, userId, address())).toHaveLength(MAX_SAVED_ADDRESSES);
    const error = await appErrorOf(addAddress(database.db, userId, address()));
    expect(error.code).toBe("LIMIT_REACHED");
    expect(error.message).toMatch(/at most 20/);
    expect(await database.db.select().from(addresses).where(eq(addresses.userId, userId))).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it("counts concurrent adds one after another", async () => {
    const { token } = await registerUser(ctx, registration());
    const { userId } = await sessionOf(token);
    await database.db.insert(addresses).values(Array.from({ length: MAX_SAVED_ADDRESSES - 2 }, () => ({ userId, ...address() })));
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => addAddress(database.db, userId, address())));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(await database.db.select().from(addresses).where(eq(addresses.userId, userId))).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it("lets the customer change their name and phone, and edit or delete their own addresses only (issue 16)", async () => {
    const { token } = await registerUser(ctx, registration());
    const { userId } = await sessionOf(token);
    const { token: otherToken } = await registerUser(ctx, registration());
    const { userId: otherId } = await sessionOf(otherToken);

    const phone = updateProfileInputSchema.parse({ name: "  Asha R. ", phoneNumber: "+91 98450 12345" });
    expect(await updateProfile(database.db, userId, phone)).toMatchObject({ name: "Asha R.", phoneNumber: "+919845012345" });
    expect(await updateProfile(database.db, userId, updateProfileInputSchema.parse({ name: "Asha R.", phoneNumber: "" }))).toMatchObject({ phoneNumber: null });
    expect(updateProfileInputSchema.safeParse({ name: "", phoneNumber: "" }).success).toBe(false);
    expect(updateProfileInputSchema.safeParse({ name: "Asha", phoneNumber: "12345" }).error?.issues[0]?.message).toMatch(/Mobile number/);

    const [first, second] = await addAddress(database.db, userId, address()).then(() => addAddress(database.db, userId, address({ city: "Mumbai" })));
    const edited = await updateAddress(database.db, userId, updateAddressInputSchema.parse({ id: first!._id, ...address({ street: "4 Temple Street", pincode: "560 004" }) }));
    expect(edited.map((a) => [a.street, a.pincode])).toEqual([
      ["4 Temple Street", "560004"],
      [second!.street, second!.pincode],
    ]);
    // Another customer can neither change nor delete it.
    expect((await appErrorOf(updateAddress(database.db, otherId, { id: first!._id, ...address({ street: "Stolen" }) }))).code).toBe("NOT_FOUND");
    expect((await appErrorOf(deleteAddress(database.db, otherId, first!._id))).code).toBe("NOT_FOUND");
    expect((await getUserProfile(database.db, userId)).addresses[0]!.street).toBe("4 Temple Street");

    expect((await deleteAddress(database.db, userId, first!._id)).map((a) => a._id)).toEqual([second!._id]);
    expect((await appErrorOf(deleteAddress(database.db, userId, first!._id))).code).toBe("NOT_FOUND");
  });
});
