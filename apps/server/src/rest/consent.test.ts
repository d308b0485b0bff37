import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { desc } from "@mithai/db/sql";
import { consents } from "@mithai/db/schema";
import { createTestApp, jsonOf, type TestApp } from "../testing";

describe("POST /api/consent", () => {
  let t: TestApp;
  let nextAddress = 1;
  // Each test speaks from its own address, so the per-address rate limit of one test does not touch another.
  let address: string;

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => {
    address = `198.51.100.${nextAddress++}`;
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/consent", payload: payload as object, headers: { "x-forwarded-for": address, ...headers } });

  async function allConsents() {
    return t.database.db.select().from(consents).orderBy(desc(consents.createdAt));
  }

  it("records \"Only necessary\" as consentStatus necessary (issue 30)", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/consent", payload: { consentStatus: "necessary" }, remoteAddress: "203.0.113.30" });
    expect(res.statusCode).toBe(200);
    expect((await allConsents()).filter((row) => row.ip === "203.0.113.30").map((row) => row.consentStatus)).toEqual(["necessary"]);
  });

  it("records the consent with the IP the server sees, the user agent and the time, ignoring a client-sent ip", async () => {
    const before = Date.now();
    const res = await post({ consentStatus: "accepted", ip: "1.2.3.4" }, { "user-agent": "Mozilla/5.0 (test)" });
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res)).toEqual({ success: true, message: "Consent recorded" });

    const rows = (await allConsents()).filter((row) => row.ip === address);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ consentStatus: "accepted", ip: address, userAgent: "Mozilla/5.0 (test)" });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await allConsents()).some((row) => row.ip === "1.2.3.4")).toBe(false);
  });

  it("uses the connection's address when no proxy header is present", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/consent", payload: { consentStatus: "accepted" }, remoteAddress: "203.0.113.9" });
    expect(res.statusCode).toBe(200);
    expect((await allConsents()).some((row) => row.ip === "203.0.113.9")).toBe(true);
  });

  it("ignores X-Forwarded-For from a client that is not a local or private proxy", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/consent",
      payload: { consentStatus: "accepted" },
      remoteAddress: "203.0.113.10",
      headers: { "x-forwarded-for": "192.0.2.200" },
    });
    expect(res.statusCode).toBe(200);
    const ips = (await allConsents()).map((row) => row.ip);
    expect(ips).toContain("203.0.113.10");
    expect(ips).not.toContain("192.0.2.200");
  });

  it.each([
    ["no consentStatus", {}],
    ["another status", { consentStatus: "maybe" }],
    ["a status of the wrong type", { consentStatus: true }],
  ])("answers 400 with a message and records nothing for %s", async (_name, payload) => {
    const count = (await allConsents()).length;
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res)).toEqual({ success: false, code: "VALIDATION", message: "consentStatus must be one of: accepted, necessary", errors: [{ path: "consentStatus", message: "consentStatus must be one of: accepted, necessary" }], requestId: expect.any(String) });
    expect(await allConsents()).toHaveLength(count);
  });

  it("keeps a long user agent to a bounded length", async () => {
    await post({ consentStatus: "accepted" }, { "user-agent": "x".repeat(5000) });
    const [row] = (await allConsents()).filter((r) => r.ip === address);
    expect(row!.userAgent).toHaveLength(512);
  });

  it("limits one address to 10 calls a minute, leaving other addresses alone", async () => {
    for (let i = 0; i < 10; i++) expect((await post({ consentStatus: "accepted" })).statusCode).toBe(200);
    const limited = await post({ consentStatus: "accepted" });
    expect(limited.statusCode).toBe(429);
    expect(jsonOf<{ message: string }>(limited).message).toMatch(/Too many consent requests/);
    expect((await post({ consentStatus: "accepted" }, { "x-forwarded-for": "192.0.2.77" })).statusCode).toBe(200);
  });
});
