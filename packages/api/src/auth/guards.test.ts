import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { eq } from "@mithai/db/sql";
import { users } from "@mithai/db/schema";
import { createTestDb, insertTestUser } from "@mithai/db/testing";
import { appErrorOf } from "../testing";
import { assertAdmin, isAdmin, requireSignedIn } from "./guards";

describe("the access guards", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it("asks for a sign-in (401) when there is no session", async () => {
    expect(() => requireSignedIn({ auth: null })).toThrow("Please log in to continue");
    expect(requireSignedIn({ auth: { userId: "u", role: "user" as const } }).auth.userId).toBe("u");
    expect((await appErrorOf(assertAdmin(handle, null))).code).toBe("UNAUTHENTICATED");
  });

  it("believes an admin token only while the account is still an admin", async () => {
    const userId = await insertTestUser(handle.db, "Kitchen Owner");
    await handle.db.update(users).set({ role: "admin" }).where(eq(users.id, userId));
    const token = { userId, role: "admin" as const };
    expect(await isAdmin(handle, token)).toBe(true);
    await assertAdmin(handle, token);

    // Demoted: the seven-day token still says admin, the database does not.
    await handle.db.update(users).set({ role: "user" }).where(eq(users.id, userId));
    expect(await isAdmin(handle, token)).toBe(false);
    expect((await appErrorOf(assertAdmin(handle, token))).code).toBe("FORBIDDEN");
    expect(await isAdmin(handle, { userId, role: "user" })).toBe(false);
  });
});
