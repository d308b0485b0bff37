import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { createTestDb } from "@mithai/db/testing";
import { authenticateToken } from "../auth/authenticate";
import { verifyAuthToken } from "../auth/tokens";
import { appErrorOf, createTestContext, TEST_CONFIG, uniqueEmail } from "../testing";
import { SignJWT } from "jose";
import { logOut } from "./logout";
import { changePassword, signOutEverywhere } from "./sessions";
import { loginUser, registerUser } from "./users";

let database: DbHandle;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());

const stillSignedIn = async (token: string) => (await authenticateToken(database.db, token, TEST_CONFIG.jwtSecret)) !== null;

async function twoSessions() {
  const ctx = createTestContext(database.db);
  const email = uniqueEmail();
  const first = await registerUser(ctx, { name: "Farah", email, password: "old-password-1" });
  const second = await loginUser(ctx, { email, password: "old-password-1" });
  const auth = (await verifyAuthToken(second.token, TEST_CONFIG.jwtSecret))!;
  return { ctx: { ...ctx, auth }, email, tokens: [first.token, second.token] };
}

describe("sign out everywhere", () => {
  it("ends every token issued so far; a new login works", async () => {
    const { ctx, email, tokens } = await twoSessions();
    expect(await stillSignedIn(tokens[0]!)).toBe(true);
    await signOutEverywhere(ctx, ctx.auth.userId);
    for (const token of tokens) expect(await stillSignedIn(token)).toBe(false);
    expect(await stillSignedIn((await loginUser(ctx, { email, password: "old-password-1" })).token)).toBe(true);
  });
});

describe("log out (one session)", () => {
  it("ends this token's session on the server, and only it", async () => {
    const { ctx, tokens } = await twoSessions();
    expect(ctx.auth.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await verifyAuthToken(tokens[0]!, TEST_CONFIG.jwtSecret))!.sessionId).not.toBe(ctx.auth.sessionId);
    expect(await logOut(ctx, ctx.auth)).toEqual({ message: "You have been signed out." });
    expect(await stillSignedIn(tokens[1]!)).toBe(false);
    expect(await stillSignedIn(tokens[0]!)).toBe(true);
    // Again (a retried call) changes nothing more.
    await logOut(ctx, ctx.auth);
    expect(await stillSignedIn(tokens[0]!)).toBe(true);
  });

  it("ends a token from before sessions had ids together with the others, the only way it can end", async () => {
    const { ctx, tokens } = await twoSessions();
    const old = await new SignJWT({ role: "user", ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(ctx.auth.userId)
      .setIssuer("mithai")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(TEST_CONFIG.jwtSecret));
    const auth = (await authenticateToken(database.db, old, TEST_CONFIG.jwtSecret))!;
    expect(auth.sessionId).toBeUndefined();
    expect((await logOut(ctx, auth)).message).toContain("signed out");
    for (const token of [old, ...tokens]) expect(await stillSignedIn(token)).toBe(false);
  });
});

describe("change password", () => {
  it("needs the current password and changes nothing without it", async () => {
    const { ctx, email, tokens } = await twoSessions();
    const error = await appErrorOf(changePassword(ctx, { currentPassword: "not-it-at-all", newPassword: "new-password-2" }));
    expect(error).toMatchObject({ code: "CURRENT_PASSWORD_WRONG", message: "Your current password is not correct." });
    expect(await stillSignedIn(tokens[0]!)).toBe(true);
    expect((await loginUser(ctx, { email, password: "old-password-1" })).role).toBe("user");
  });

  it("sets the new password, ends the other sessions and answers a fresh token for this one", async () => {
    const { ctx, email, tokens } = await twoSessions();
    const changed = await changePassword(ctx, { currentPassword: "old-password-1", newPassword: "new-password-2" });
    for (const token of tokens) expect(await stillSignedIn(token)).toBe(false);
    expect(await stillSignedIn(changed.token)).toBe(true);
    expect((await appErrorOf(loginUser(ctx, { email, password: "old-password-1" }))).code).toBe("BAD_CREDENTIALS");
    expect((await loginUser(ctx, { email, password: "new-password-2" })).role).toBe("user");
  });
});
