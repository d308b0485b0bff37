import { execFile, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMithaiClient, signIn } from "@mithai/client";
import { createAccount, insertOrders, pngBytes } from "../../server/src/rest/admin-fixtures";
import { createTestApp, type TestApp } from "../../server/src/testing";

/** The command npm links (`npx mithai-admin`), which runs the built tool. */
const CLI = fileURLToPath(new URL("../bin/mithai-admin.js", import.meta.url));
const BUILT = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `mithai-admin` end to end: the built tool, as a separate process, against a running shop on a fresh database. */
describe("mithai-admin", () => {
  let t: TestApp;
  let url: string;
  let home: string;

  const run = (...args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      execFile(process.execPath, [CLI, ...args], { env: { ...process.env, MITHAI_URL: url, MITHAI_CONFIG_DIR: path.join(home, "config") }, cwd: home }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const catalogue = () => createMithaiClient({ url }).catalog.list.query();

  beforeAll(async () => {
    if (!existsSync(BUILT)) throw new Error("apps/admin-cli/dist/cli.js is missing: run npm run build first");
    t = await createTestApp({ seed: true });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    home = mkdtempSync(path.join(tmpdir(), "mithai-admin-"));
    writeFileSync(path.join(home, "barfi.png"), await pngBytes());
    await createMithaiClient({ url }).auth.register.mutate({ name: "Kitchen", email: "kitchen@example.in", password: "correct horse", role: "admin" });
  });
  afterAll(async () => {
    await t.close();
    rmSync(home, { recursive: true, force: true });
  });

  it("signs in, keeps the token outside the repository (owner-only), and says who it is", async () => {
    expect(await run("whoami")).toMatchObject({ code: 3, stderr: expect.stringContaining("not signed in") });
    expect(await run("login", "--email", "kitchen@example.in", "--password", "wrong password")).toMatchObject({ code: 3 });
    const login = await run("login", "--email", "kitchen@example.in", "--password", "correct horse");
    expect(login).toMatchObject({ code: 0, stdout: expect.stringContaining("Signed in") });
    const file = path.join(home, "config", "session.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const whoami = await run("whoami", "--json");
    expect(JSON.parse(whoami.stdout)).toMatchObject({ email: "kitchen@example.in", role: "admin", url });
  });

  it("answers --help for every command and a usage error (exit 2) for a wrong call", async () => {
    for (const command of [[], ["login"], ["whoami"], ["logout"], ["catalog", "export"], ["catalog", "import"], ["orders", "list"], ["orders", "export"], ["orders", "set-status"], ["sales", "today"]]) {
      const help = await run(...command, "--help");
      expect(help.code, command.join(" ")).toBe(0);
      expect(help.stdout).toContain("Usage: mithai-admin");
    }
    expect((await run("orders", "lst")).code).toBe(2);
    expect((await run("orders", "list", "--colour", "red")).code).toBe(2);
    expect((await run("catalog", "import")).code).toBe(2);
    // A value the shop finds wrong is wrong usage too, as the help says.
    expect(await run("orders", "list", "--status", "Eaten")).toMatchObject({ code: 2, stderr: expect.stringContaining("status") });
    expect(await run("orders", "list", "--limit", "abc")).toMatchObject({ code: 2, stderr: expect.stringContaining("--limit takes a whole number") });
    expect(await run("orders", "list", "--limit", "0")).toMatchObject({ code: 2 });
    const noScheme = await run("sales", "today", "--url", "localhost:3931");
    expect(noScheme).toMatchObject({ code: 2, stderr: expect.stringContaining("the scheme is missing: http://localhost:3931") });
    expect(JSON.parse((await run("sales", "today", "--url", "localhost:3931", "--json")).stdout)).toMatchObject({ exitCode: 2, error: expect.stringContaining("scheme") });
  });

  it("asks for the password in a real terminal without showing it (a pseudo-terminal through script(1))", async () => {
    const shown = await new Promise<string>((resolve, reject) => {
      const child = spawn("script", ["-qec", `"${process.execPath}" "${CLI}" login --email kitchen@example.in`, "/dev/null"], {
        env: { ...process.env, MITHAI_URL: url, MITHAI_CONFIG_DIR: path.join(home, "config") },
      });
      let seen = "";
      let typed = false;
      child.stdout.on("data", (chunk: Buffer) => {
        seen += chunk.toString();
        if (!typed && seen.includes("Password: ")) {
          typed = true;
          child.stdin.write("correct horse\r");
        }
      });
      child.on("error", reject);
      child.on("exit", () => resolve(seen));
    });
    expect(shown).toContain("Signed in");
    expect(shown).not.toContain("correct horse");
  });

  it("keeps session.json owner-only (600) and its folder 700, also when they existed with wider modes", async () => {
    const config = path.join(home, "config");
    const file = path.join(config, "session.json");
    chmodSync(config, 0o755);
    chmodSync(file, 0o644);
    expect((await run("login", "--email", "kitchen@example.in", "--password", "correct horse")).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(config).mode & 0o777).toBe(0o700);
  });

  it("exports the catalogue, and imports an edited copy: a dry run changes nothing, the import adds and updates by slug", async () => {
    const csvFile = path.join(home, "items.csv");
    expect((await run("catalog", "export", "--out", csvFile)).code).toBe(0);
    const exported = readFileSync(csvFile, "utf8");
    // --json: the same rows as objects, for every command.
    const asJson = await run("catalog", "export", "--json");
    expect(asJson.code).toBe(0);
    const items = JSON.parse(asJson.stdout) as Record<string, string>[];
    expect(items).toHaveLength((await catalogue()).length);
    expect(items.find((item) => item.slug === "kaju-katli")).toMatchObject({ name: "Kaju Katli", category: expect.any(String), price: expect.stringMatching(/^\d/) });
    const lines = exported.trimEnd().split("\r\n");
    expect(lines).toHaveLength((await catalogue()).length + 1);
    const translationColumns = ["hi", "te"].flatMap((lang) => ["name", "description", "ingredients", "healthBenefits", "faq1_question", "faq1_answer", "faq2_question", "faq2_answer"].map((field) => `${lang}_${field}`));
    expect(lines[0]).toBe(`\uFEFFslug,name,category,price,description,ingredients,benefits,faq1_question,faq1_answer,faq2_question,faq2_answer,metaTitle,metaDescription,metaKeywords,hsn,gstRate,stockKg,image,${translationColumns.join(",")}`);
    // The Hindi and Telugu fields travel too.
    expect(items.find((item) => item.slug === "kaju-katli")).toMatchObject({ hi_name: "काजू कतली", te_name: "కాజు కట్లీ", hi_ingredients: "" });

    // The same file back: nothing to do.
    const same = await run("catalog", "import", csvFile, "--dry-run", "--json");
    expect(JSON.parse(same.stdout), same.stdout).toMatchObject({ added: 0, updated: 0 });

    const kaju = lines.findIndex((line) => line.startsWith("kaju-katli,"));
    const edited = [...lines];
    edited[kaju] = edited[kaju]!.replace(/^kaju-katli,Kaju Katli,([^,]+),[\d.]+,/, "kaju-katli,Kaju Katli,$1,1299.5,");
    edited.push(`badam-barfi,Badam Barfi,Festive Sweets,899,"Almond fudge, made in small batches",Almonds,Good fats,Keeps?,Two weeks,Vegetarian?,Yes,,,,,,12,barfi.png,बादाम बर्फ़ी${",".repeat(8)}బాదం బర్ఫీ,,,,,,,`);
    writeFileSync(csvFile, `${edited.join("\r\n")}\r\n`);

    const before = await catalogue();
    const dry = await run("catalog", "import", csvFile, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`line ${kaju + 1}: update kaju-katli: price`);
    expect(dry.stdout).toContain(`line ${edited.length}: add badam-barfi`);
    expect(await catalogue()).toEqual(before);

    const done = await run("catalog", "import", csvFile, "--json");
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ added: 1, updated: 1 });
    const after = await catalogue();
    expect(after.find((item) => item.slug === "kaju-katli")?.price).toBe(1299.5);
    expect(after.find((item) => item.slug === "badam-barfi")).toMatchObject({ name: "Badam Barfi", price: 899, description: "Almond fudge, made in small batches", stockKg: 12, soldOut: false });
    const admin = createMithaiClient({ url, token: JSON.parse(readFileSync(path.join(home, "config", "session.json"), "utf8")).token });
    expect((await admin.admin.foodItems.query()).find((item) => item.slug === "badam-barfi")?.translations).toEqual({ hi: { name: "बादाम बर्फ़ी" }, te: { name: "బాదం బర్ఫీ" } });
    // Untracked items stay untracked: their empty stockKg cells change nothing.
    expect(after.find((item) => item.slug === "kaju-katli")?.stockKg).toBeNull();
  });

  it("imports the same file twice without adding anything twice: a row without a slug updates the item of its name", async () => {
    const header = "slug,name,category,price,description,ingredients,benefits,faq1_question,faq1_answer,faq2_question,faq2_answer,metaTitle,metaDescription,metaKeywords,hsn,gstRate,stockKg,image";
    const row = (price: string, name = "Pista Roll") => `,${name},Stuffed Sweets,${price},Pistachio rolled in khoya,Pistachio,Keeps well,Keeps?,A week,Vegetarian?,Yes,,,,,,,barfi.png`;
    const csvFile = path.join(home, "no-slugs.csv");
    writeFileSync(csvFile, `${header}\r\n${row("1100")}\r\n`);

    const first = await run("catalog", "import", csvFile, "--json");
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ added: 1, updated: 0 });
    // Again, as after a failure part-way or by mistake: the item is found by its name (and keeps its slug).
    const again = await run("catalog", "import", csvFile, "--json");
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ added: 0 });
    writeFileSync(csvFile, `${header}\r\n${row("1150")}\r\n`);
    const edited = await run("catalog", "import", csvFile, "--dry-run");
    expect(edited.stdout).toContain("line 2: update pista-roll: price 1100 → 1150");
    expect((await catalogue()).filter((item) => item.name === "Pista Roll")).toMatchObject([{ slug: "pista-roll", price: 1100 }]);

    // Two rows of one item are refused before any change: the same new name, or the same item found by its name.
    writeFileSync(csvFile, `${header}\r\n${row("1150")}\r\n${row("900", "Anjeer Roll")}\r\n${row("950", "anjeer roll ")}\r\n${row("1200")}\r\n`);
    const twice = await run("catalog", "import", csvFile);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('line 4: name "anjeer roll" is also on line 3');
    expect(twice.stderr).toContain('line 5: slug "pista-roll" is also on line 2');
    expect((await catalogue()).filter((item) => /^(pista|anjeer) roll$/i.test(item.name))).toMatchObject([{ name: "Pista Roll", price: 1100 }]);
  });

  it("reports every bad row of a bad CSV with its line and reason, exits 1 and changes nothing", async () => {
    const badFile = path.join(home, "bad.csv");
    writeFileSync(
      badFile,
      [
        "slug,name,category,price,description,ingredients,benefits,faq1_question,faq1_answer,faq2_question,faq2_answer,image",
        "new-one,New One,Festive Sweets,499,Good,Sugar,Joy,Q,A,Q,A,barfi.png",
        "cheap,Cheap,Festive Sweets,0.5,Good,Sugar,Joy,Q,A,Q,A,barfi.png",
        "nopic,No Picture,Festive Sweets,499,Good,Sugar,Joy,Q,A,Q,A,",
        "odd,Odd,Savouries,499,Good,Sugar,Joy,Q,A,Q,A,barfi.png",
        "missing,Missing,Festive Sweets,499,Good,Sugar,Joy,Q,A,Q,A,nowhere.png",
        "new-one,Twice,Festive Sweets,499,Good,Sugar,Joy,Q,A,Q,A,barfi.png",
      ].join("\n"),
    );
    const before = await catalogue();
    const bad = await run("catalog", "import", badFile);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("5 bad rows; nothing was changed");
    expect(bad.stderr).toMatch(/line 3: .*price/i);
    expect(bad.stderr).toMatch(/line 4: image: a picture file is required/);
    expect(bad.stderr).toMatch(/line 5: .*Category must be one of/);
    expect(bad.stderr).toMatch(/line 6: image: no file/);
    expect(bad.stderr).toMatch(/line 7: slug "new-one" is also on line 2/);
    expect(bad.stderr).not.toMatch(/line 2:/);
    const json = await run("catalog", "import", badFile, "--json");
    expect(JSON.parse(json.stdout)).toMatchObject({ exitCode: 1, details: expect.arrayContaining([expect.objectContaining({ line: 3 })]) });
    expect(await catalogue()).toEqual(before);

    writeFileSync(badFile, "name,price\nBarfi,500\n");
    expect(await run("catalog", "import", badFile)).toMatchObject({ code: 1, stderr: expect.stringContaining("line 1: missing columns: category") });
    writeFileSync(badFile, 'slug,name\n"unterminated,x\n');
    expect((await run("catalog", "import", badFile)).code).toBe(1);
    expect(await catalogue()).toEqual(before);
  });

  it("lists, exports and sets the status of orders, and reads today's sales", async () => {
    const customer = await createAccount(t.database.db, "user");
    const [newest] = await insertOrders(t.database.db, [{ userId: customer.id }, { userId: customer.id, createdAt: new Date(Date.now() - 60_000) }]);
    const list = await run("orders", "list");
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`#${newest!.slice(0, 8).toUpperCase()}`);
    expect(list.stdout).toContain("2 matching");
    // Shop time and the shop's money format, as the admin panel shows them.
    expect(list.stdout).toContain("Placed (IST)");
    expect(list.stdout).not.toContain("UTC");
    const placed = JSON.parse((await run("orders", "list", "--json", "--q", newest!)).stdout) as { data: { createdAt: string; amount: number }[] };
    const ist = new Date(new Date(placed.data[0]!.createdAt).getTime() + 330 * 60_000).toISOString().slice(0, 16).replace("T", " ");
    expect(list.stdout).toContain(ist);
    expect(placed.data[0]!.amount).toBe(2400);
    expect(list.stdout).toContain("₹2,400");
    expect(list.stdout).not.toContain("₹2,400.00");
    const listed = JSON.parse((await run("orders", "list", "--json", "--q", customer.email)).stdout) as { data: { _id: string }[] };
    expect(listed.data.map((o) => o._id)).toContain(newest);

    const csv = await run("orders", "export");
    expect(csv.code).toBe(0);
    expect(csv.stdout.trimEnd().split("\r\n")).toHaveLength(3);
    const rows = JSON.parse((await run("orders", "export", "--json")).stdout) as Record<string, string>[];
    expect(rows).toHaveLength(2);

    expect((await run("orders", "set-status", newest!.slice(0, 8), "delivered")).code).toBe(0);
    const [order] = (await createMithaiClient({ url, token: JSON.parse(readFileSync(path.join(home, "config", "session.json"), "utf8")).token }).admin.orders.query({ q: newest })).data;
    expect(order?.status).toBe("Delivered");
    // Nothing leaves Delivered (issue 25): refused with the reason, nothing changes.
    const back = await run("orders", "set-status", newest!.slice(0, 8), "Food Processing");
    expect(back.code).not.toBe(0);
    expect(back.stderr).toMatch(/cannot go from "Delivered" to "Food Processing"/);
    expect((await run("orders", "set-status", "#FFFFFFFF", "Delivered")).code).toBe(2);

    const sales = JSON.parse((await run("sales", "today", "--json")).stdout) as { orders: number; revenue: number };
    expect(sales.orders).toBe(2);
    expect(sales.revenue).toBe(4800);
  });

  it("shows the shop's health, each part with its colour and what to do", async () => {
    const text = await run("health");
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^The shop is (green|amber|red)/);
    expect(text.stdout).toMatch(/Mail: 0 mails waiting/);
    // No backup was ever made and daily backups are off: amber, with what to run.
    expect(text.stdout).toMatch(/WARN Backups: no backup yet[^\n]*\n\s+→ Run “npm run backup”/);
    const report = JSON.parse((await run("health", "--json")).stdout) as { checks: { id: string; level: string }[] };
    expect(report.checks.map((check) => check.id)).toEqual(["outbox", "reconciler", "payments", "backup", "disk", "redis", "storage"]);
  });

  it("logs out: the token stops working on the shop at once, other sessions go on; exit 3 afterwards; an unreachable shop is exit 4", async () => {
    const token = (JSON.parse(readFileSync(path.join(home, "config", "session.json"), "utf8")) as { token: string }).token;
    const other = await signIn({ url, email: "kitchen@example.in", password: "correct horse" });
    const logout = await run("logout", "--json");
    expect(logout.code).toBe(0);
    expect(JSON.parse(logout.stdout)).toMatchObject({ signedOut: true, revoked: true });
    await expect(createMithaiClient({ url, token }).user.profile.query()).rejects.toMatchObject({ data: { httpStatus: 401 } });
    expect((await other.client.user.profile.query()).email).toBe("kitchen@example.in");
    expect(existsSync(path.join(home, "config", "session.json"))).toBe(false);
    expect((await run("sales", "today")).code).toBe(3);
    expect((await run("catalog", "export", "--url", "http://127.0.0.1:9")).code).toBe(4);
  });

  it("ends quietly when its reader has stopped (`| head`, `| true`): exit 0, no stack trace", async () => {
    const child = spawn(process.execPath, [CLI, "--help"], { stdio: ["ignore", "pipe", "pipe"] });
    // The reader is gone before the tool writes its first line.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(code).toBe(0);
  });
});
