import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readNewestOutboxMail } from "@mithai/api";
import { createTestApp, jsonOf, type TestApp } from "../testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forgot = (email: string, from: string) => t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email }, headers: { "x-forwarded-for": from } });
const mailsSent = async () => (await readdir(t.env.outboxDir).catch(() => [] as string[])).filter((file) => file.endsWith(".eml")).length;

describe("strangers cannot keep the owner from resetting their password (issue 26)", () => {
  it("3 requests from each of 10 networks, then the owner from an 11th: the same 200, and the links mailed stay valid", async () => {
    const email = `owner${Date.now()}@example.in`;
    expect((await t.app.inject({ method: "POST", url: "/api/user/register", payload: { name: "Owner", email, password: "motichoor-11" } })).statusCode).toBe(200);
    const answers: unknown[] = [];
    for (let network = 1; network <= 10; network++) {
      for (let i = 0; i < 3; i++) {
        const res = await forgot(email, `2001:db8:${network}:1::${i + 1}`);
        expect(res.statusCode).toBe(200);
        answers.push(jsonOf(res));
      }
    }
    const owner = await forgot(email, "198.51.100.200");
    expect(owner.statusCode).toBe(200);
    const same = { success: true, message: "If an account exists for this email, we have sent a link to reset the password." };
    expect(jsonOf(owner)).toEqual(same);
    expect(answers.every((answer) => JSON.stringify(answer) === JSON.stringify(same))).toBe(true);

    // The per-account ceiling (30 an hour) stopped the mails, not the answers; every mail sent carries a working link.
    await t.app.deps.outbox.drain();
    expect(await mailsSent()).toBe(30);
    const eml = (await readNewestOutboxMail(t.env.outboxDir))!;
    const token = decodeURIComponent(eml.match(/reset-password\?token=([A-Za-z0-9_%-]+)/)![1]!);
    const reset = await t.app.inject({ method: "POST", url: "/api/reset-password", payload: { token, newPassword: "fresh-password-1" }, headers: { "x-forwarded-for": "198.51.100.200" } });
    expect(reset.statusCode).toBe(200);
  });

  it("under the ceiling the owner's request from a new network sends a mail", async () => {
    const email = `owner2${Date.now()}@example.in`;
    expect((await t.app.inject({ method: "POST", url: "/api/user/register", payload: { name: "Owner", email, password: "motichoor-11" } })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await forgot(email, "203.0.113.50")).statusCode).toBe(200);
    // That network has used its 3 requests for this e-mail: 429 there, and only there.
    expect((await forgot(email, "203.0.113.50")).statusCode).toBe(429);
    await t.app.deps.outbox.drain();
    const before = await mailsSent();
    expect((await forgot(email, "198.51.100.201")).statusCode).toBe(200);
    await t.app.deps.outbox.drain();
    expect(await mailsSent()).toBe(before + 1);
  });

  it("one network asking for many e-mails gets 429 past 20 an hour", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await forgot(`someone${i}-${Date.now()}@example.in`, `2001:db8:77:1::${i + 1}`)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
