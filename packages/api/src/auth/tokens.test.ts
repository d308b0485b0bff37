import { afterEach, describe, expect, it, vi } from "vitest";
import { signAuthToken, verifyAuthToken } from "./tokens";

const secret = "tokens-test-secret-that-is-long-enough-42";
const session = { userId: "5b0e6a4e-3a52-4a4a-9d0e-2f1f3c0a7b11", role: "user" as const, tokenVersion: 3 };

describe("auth tokens", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps refusing a token once it expires, even after it was accepted before", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-21T10:00:00Z"), toFake: ["Date"] });
    const token = await signAuthToken(session, secret, 60);
    expect(await verifyAuthToken(token, secret)).toMatchObject({ ...session, sessionId: expect.any(String) });
    expect(await verifyAuthToken(token, secret)).toMatchObject({ ...session, sessionId: expect.any(String) });
    vi.setSystemTime(new Date("2026-11-21T10:01:00Z"));
    expect(await verifyAuthToken(token, secret)).toBeNull();
    vi.setSystemTime(new Date("2026-11-21T10:00:30Z"));
    // Once refused as expired it is checked in full again, and jose agrees it is still valid at this time.
    expect(await verifyAuthToken(token, secret)).toMatchObject({ ...session, sessionId: expect.any(String) });
  });

  it("accepts a token only under the secret that signed it, before and after it was verified", async () => {
    const token = await signAuthToken(session, secret);
    const other = "another-secret-that-is-long-enough-for-hs256";
    expect(await verifyAuthToken(token, other)).toBeNull();
    expect(await verifyAuthToken(token, secret)).toMatchObject({ ...session, sessionId: expect.any(String) });
    expect(await verifyAuthToken(token, other)).toBeNull();
  });

  it("refuses a token whose payload was altered after it was verified", async () => {
    const token = await signAuthToken(session, secret);
    expect(await verifyAuthToken(token, secret)).toMatchObject({ ...session, sessionId: expect.any(String) });
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, role: "admin" })).toString("base64url"), signature].join(".");
    expect(await verifyAuthToken(forged, secret)).toBeNull();
  });
});
