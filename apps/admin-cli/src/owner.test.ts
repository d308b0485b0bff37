import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMithaiClient } from "@mithai/client";
import { refunds } from "@mithai/db/schema";
import { insertOrders } from "../../server/src/rest/admin-fixtures";
import { createTestApp, type TestApp } from "../../server/src/testing";

const CLI = fileURLToPath(new URL("../bin/mithai-admin.js", import.meta.url));
const BUILT = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** `mithai-admin sales` and `kitchen production`, the built tool against a running shop: the dashboard's figures. */
describe("mithai-admin sales and kitchen production", () => {
  let t: TestApp;
  let url: string;
  let home: string;
  let orderIds: string[];

  const run = (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      execFile(process.execPath, [CLI, ...args], { env: { ...process.env, MITHAI_URL: url, MITHAI_CONFIG_DIR: path.join(home, "config") }, cwd: home }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  beforeAll(async () => {
    if (!existsSync(BUILT)) throw new Error("apps/admin-cli/dist/cli.js is missing: run npm run build first");
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    home = mkdtempSync(path.join(tmpdir(), "mithai-admin-owner-"));
    await createMithaiClient({ url }).auth.register.mutate({ name: "Owner", email: "owner@example.in", password: "correct horse", role: "admin" });
    await createMithaiClient({ url }).auth.register.mutate({ name: "Buyer", email: "buyer@example.in", password: "correct horse" });
    const [user] = await t.database.db.query.users.findMany({ where: (u, { eq }) => eq(u.email, "buyer@example.in") });
    const pedha = { foodItemId: "00000000-0000-4000-8000-000000000002", name: "Peda", quantity: 3, unitPricePaise: 33_333, image: "x.webp" };
    orderIds = await insertOrders(t.database.db, [
      { userId: user!.id, createdAt: new Date("2026-02-02T05:00:00Z"), items: [pedha] },
      { userId: user!.id, createdAt: new Date("2026-02-03T05:00:00Z"), items: [{ ...pedha, quantity: 1 }] },
    ]);
    await t.database.db.insert(refunds).values({ orderId: orderIds[0]!, paymentId: "pay_x", amountPaise: 1_001, reason: "short", status: "processed" });
    expect((await run("login", "--email", "owner@example.in", "--password", "correct horse")).code).toBe(0);
  });
  afterAll(async () => {
    await t.close();
    rmSync(home, { recursive: true, force: true });
  });

  it("prints the same figures as GET /api/admin/sales, to the paisa", async () => {
    const cli = await run("sales", "--from", "2026-02-01", "--to", "2026-02-03", "--json");
    expect(cli.code, cli.stderr).toBe(0);
    const token = JSON.parse(readFileSync(path.join(home, "config", "session.json"), "utf8")).token as string;
    const rest = await fetch(`${url}/api/admin/sales?from=2026-02-01&to=2026-02-03&by=day`, { headers: { authorization: `Bearer ${token}` } });
    expect(JSON.parse(cli.stdout)).toEqual(await rest.json());
    const text = await run("sales", "--from", "2026-02-01", "--to", "2026-02-03");
    expect(text.stdout).toMatch(/2026-02-02\s+1\s+₹999\.99\s+₹10\.01\s+₹989\.98/);
    expect(text.stdout).toContain("net ₹1,323.31");
    expect(text.stdout).toMatch(/Peda\s+4\s+₹1,323\.31/);
    expect(await run("sales", "--from", "2-2-2026")).toMatchObject({ code: 2, stderr: expect.stringContaining("--from must be a day") });
  });

  it("prints the production sheet of a delivery day and saves its PDF", async () => {
    // The default zone (2–4 days): paid Monday 2 Feb → Thursday 5 Feb.
    const pdf = path.join(home, "sheet.pdf");
    const cli = await run("kitchen", "production", "--date", "2026-02-05", "--pdf", pdf);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(new RegExp(`Peda\\s+3\\s+#${orderIds[0]!.slice(0, 8).toUpperCase()}`));
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await run("kitchen", "production")).toMatchObject({ code: 2, stderr: expect.stringContaining("--date is needed") });
    expect((await run("kitchen", "production", "--help")).stdout).toContain("Usage: mithai-admin kitchen production");
  });
});
