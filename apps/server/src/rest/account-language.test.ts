import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "@mithai/db/sql";
import { users } from "@mithai/db/schema";
import { createTestApp, jsonOf, type TestApp } from "../testing";

/** The account's `language` (DECISIONS, "Languages"): chosen at sign-up, read in the profile, changed by the customer. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const uniqueEmail = () => `lang${Date.now()}${counter++}@example.in`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const trpcData = <T>(res: { json: () => unknown }) => (res.json() as { result: { data: T } }).result.data;

async function restSignUp(extra: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const res = await t.app.inject({ method: "POST", url: "/api/user/register", payload: { name: "Radhika", email, password: "ariselu-2024", ...extra } });
  return { email, res, token: jsonOf<{ token: string }>(res).token };
}

const languageOf = async (email: string) => (await t.database.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]?.language;
const profileOf = async (token: string) => jsonOf<{ language: string; name: string; phoneNumber: string | null }>(await t.app.inject({ url: "/api/user/profile", headers: bearer(token) }));

describe("sign-up stores the page's language", () => {
  it("REST: POST /api/user/register { language } is saved and read back in GET /api/user/profile; English without one", async () => {
    const telugu = await restSignUp({ language: "te" });
    expect(telugu.res.statusCode).toBe(200);
    expect(await languageOf(telugu.email)).toBe("te");
    expect(await profileOf(telugu.token)).toMatchObject({ success: true, language: "te" });

    const plain = await restSignUp();
    expect((await profileOf(plain.token)).language).toBe("en");
  });

  it("tRPC: auth.register { language } is saved and user.profile answers it", async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({ method: "POST", url: "/trpc/auth.register", payload: { name: "Radhika", email, password: "ariselu-2024", language: "hi" } });
    expect(res.statusCode).toBe(200);
    const { token } = trpcData<{ token: string }>(res);
    expect(trpcData<{ language: string }>(await t.app.inject({ url: "/trpc/user.profile", headers: bearer(token) })).language).toBe("hi");
  });

  it("refuses an unknown language with 400 and creates no account (REST and tRPC)", async () => {
    const { email, res } = await restSignUp({ language: "fr" });
    expect(res.statusCode).toBe(400);
    expect(jsonOf<{ message: string }>(res).message).toMatch(/language: Please choose English, Hindi or Telugu/);
    expect(await languageOf(email)).toBeUndefined();

    const trpcEmail = uniqueEmail();
    const trpc = await t.app.inject({ method: "POST", url: "/trpc/auth.register", payload: { name: "Radhika", email: trpcEmail, password: "ariselu-2024", language: "HI" } });
    expect(trpc.statusCode).toBe(400);
    expect(await languageOf(trpcEmail)).toBeUndefined();
  });
});

describe("the customer changes their language", () => {
  it("PUT /api/user/profile { language } saves it alone and answers the whole profile", async () => {
    const { email, token } = await restSignUp();
    const res = await t.app.inject({ method: "PUT", url: "/api/user/profile", headers: bearer(token), payload: { language: "hi" } });
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res)).toMatchObject({ success: true, name: "Radhika", email, language: "hi", addresses: [] });
    expect(await languageOf(email)).toBe("hi");
  });

  it("PUT /api/user/profile refuses a bad language, an empty body and a guest, changing nothing", async () => {
    const { email, token } = await restSignUp({ language: "te" });
    for (const payload of [{ language: "fr" }, { language: 3 }, { name: "Radhika R", language: "xx" }, {}]) {
      const res = await t.app.inject({ method: "PUT", url: "/api/user/profile", headers: bearer(token), payload });
      expect(res.statusCode).toBe(400);
      expect(jsonOf<{ success: boolean; message: string }>(res)).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect(await profileOf(token)).toMatchObject({ name: "Radhika", language: "te" });
    expect(await languageOf(email)).toBe("te");
    expect((await t.app.inject({ method: "PUT", url: "/api/user/profile", payload: { language: "hi" } })).statusCode).toBe(401);
  });

  it("tRPC user.updateProfile { name, phoneNumber, language } saves the language; leaving it out keeps it; a bad one is 400", async () => {
    const { email, token } = await restSignUp({ language: "hi" });
    const update = (input: object) => t.app.inject({ method: "POST", url: "/trpc/user.updateProfile", headers: bearer(token), payload: input });

    const changed = await update({ name: "Radhika Sharma", phoneNumber: "", language: "te" });
    expect(changed.statusCode).toBe(200);
    expect(trpcData(changed)).toMatchObject({ name: "Radhika Sharma", language: "te" });

    expect(trpcData(await update({ name: "Radhika S.", phoneNumber: "" }))).toMatchObject({ name: "Radhika S.", language: "te" });

    const refused = await update({ name: "Someone Else", phoneNumber: "", language: "ta" });
    expect(refused.statusCode).toBe(400);
    expect(await profileOf(token)).toMatchObject({ name: "Radhika S.", language: "te" });
    expect(await languageOf(email)).toBe("te");
  });
});
