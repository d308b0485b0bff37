import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { createTestDb } from "@mithai/db/testing";
import { registerUser } from "./accounts/users";
import { signAuthToken, verifyAuthToken } from "./auth/tokens";
import { appRouter } from "./root";
import { createTestContext, TEST_CONFIG } from "./testing";
import { adminProcedure, createCallerFactory, createTRPCRouter, customerProcedure, publicProcedure } from "./trpc";

const ladder = createTRPCRouter({
  open: publicProcedure.query(() => "open"),
  customer: customerProcedure.query(({ ctx }) => ctx.auth.userId),
  admin: adminProcedure.query(() => "admin"),
});
const callLadder = createCallerFactory(ladder);
const callApp = createCallerFactory(appRouter);

let database: DbHandle;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());

async function sessionFrom(role: "user" | "admin") {
  const ctx = createTestContext(database.db);
  const { token } = await registerUser(ctx, { name: "Ravi", email: `${role}${Date.now()}@example.in`, password: "kaju-katli-99", role });
  return (await verifyAuthToken(token, TEST_CONFIG.jwtSecret))!;
}

describe("procedure ladder public → customer → admin", () => {
  it("lets a guest call only public procedures", async () => {
    const guest = callLadder(createTestContext(database.db));
    expect(await guest.open()).toBe("open");
    await expect(guest.customer()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(guest.admin()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("never lets a customer token reach an admin procedure", async () => {
    const admin = await sessionFrom("admin");
    const customer = await sessionFrom("user");
    const asCustomer = callLadder(createTestContext(database.db, { auth: customer }));
    expect(await asCustomer.customer()).toBe(customer.userId);
    await expect(asCustomer.admin()).rejects.toMatchObject({ code: "FORBIDDEN" });
    // A customer who forges the role claim is still checked against the database.
    const forgedRole = callLadder(createTestContext(database.db, { auth: { ...customer, role: "admin" } }));
    await expect(forgedRole.admin()).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await callLadder(createTestContext(database.db, { auth: admin })).admin()).toBe("admin");
  });

  it("reads no session from an expired or forged token", async () => {
    const customer = await sessionFrom("user");
    expect(await verifyAuthToken(await signAuthToken(customer, TEST_CONFIG.jwtSecret, -10), TEST_CONFIG.jwtSecret)).toBeNull();
    expect(await verifyAuthToken(await signAuthToken(customer, "another-secret-that-is-long-enough-to-sign"), TEST_CONFIG.jwtSecret)).toBeNull();
  });

  it("serves the account procedures through the app router", async () => {
    const guest = callApp(createTestContext(database.db));
    const email = `router${Date.now()}@example.in`;
    const created = await guest.auth.register({ name: "Ravi", email, password: "kaju-katli-99" });
    const session = (await verifyAuthToken(created.token, TEST_CONFIG.jwtSecret))!;
    const signedIn = callApp(createTestContext(database.db, { auth: session }));
    const list = await signedIn.user.addAddress({ street: "1 Park St", city: "Kolkata", state: "West Bengal", pincode: "700016", mobile: "+919830012345" });
    expect(list).toEqual([expect.objectContaining({ city: "Kolkata", country: "India", mobile: "+919830012345" })]);
    expect(await signedIn.user.profile()).toMatchObject({ email, role: "user", addresses: list });
    await expect(guest.user.profile()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
