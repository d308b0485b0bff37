import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "./support/test";
import { addShopDays, formatRupees, shopDay, weekdayOf } from "@mithai/schema";
import { createCustomer } from "./support/accounts";
import { adminToken, openAsAdmin } from "./support/admin";
import { itemBySlug, payPlacedOrder } from "./support/checkout";

/**
 * Issue 29, the owner's day, in the built app: the sales dashboard's charts and figures for seeded orders (refunds
 * included), the production sheet across two zones with different delivery days, a packing slip read back (its QR code
 * decoded) and found by the order search, and the screens that misled. Phone-sized (the project's Pixel 7) unless said.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface SalesReport {
  series: { date: string; orders: number; paid: number; refunded: number; net: number }[];
  totals: { orders: number; paid: number; refunded: number; net: number; averageOrder: number };
  top: { itemId: string; name: string; kg: number; net: number }[];
}

/** A paid order through the REST API and the sandbox gateway, as the payment window pays it. */
async function buy(request: APIRequestContext, token: string, slug: string, kilos: number, address: { pincode: string; fullName?: string; city?: string; state?: string }) {
  const item = await itemBySlug(request, slug);
  expect((await request.post("/api/cart/add", { headers: bearer(token), data: { itemId: item._id, quantity: kilos } })).ok()).toBe(true);
  const placed = await request.post("/api/order/place", {
    headers: bearer(token),
    data: {
      address: {
        fullName: address.fullName ?? "Priya Owner-Test",
        email: "priya.owner@example.in",
        street: "14 Residency Road",
        city: address.city ?? "Bengaluru",
        state: address.state ?? "Karnataka",
        pincode: address.pincode,
        country: "India",
        mobile: "9876543210",
      },
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const order = (await placed.json()) as { orderId: string; razorpayOrderId: string; key: string; amount: number };
  await payPlacedOrder(request, token, order);
  return { id: order.orderId, number: `#${order.orderId.slice(0, 8).toUpperCase()}`, amountPaise: order.amount, item };
}

async function sales(request: APIRequestContext, admin: string, from: string, to: string): Promise<SalesReport> {
  const res = await request.get(`/api/admin/sales?from=${from}&to=${to}&by=day`, { headers: bearer(admin) });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as SalesReport;
}

/** How many pixels of a chart's canvases are drawn (not transparent). */
const drawnPixels = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((box) =>
    [...box.querySelectorAll("canvas")].reduce((sum, canvas) => {
      const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      let drawn = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) drawn++;
      return sum + drawn;
    }, 0),
  );

/** The shop day `days` delivery days (Monday to Saturday) after today, as the kitchen counts them. */
function deliveryDay(days: number): string {
  let day = shopDay(new Date());
  for (let left = days; left > 0; ) {
    day = addShopDays(day, 1);
    if (weekdayOf(day) !== 0) left -= 1;
  }
  return weekdayOf(day) === 0 ? addShopDays(day, 1) : day;
}

const pdfDirs: string[] = [];
test.afterAll(() => {
  for (const dir of pdfDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The PDF written to a temporary folder (removed after the file's tests) for poppler and zbarimg to read. */
function pdfFiles(pdf: Buffer): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "mithai-e2e-pdf-"));
  pdfDirs.push(dir);
  const file = path.join(dir, "doc.pdf");
  writeFileSync(file, pdf);
  return { dir, file };
}

test.describe("the owner's day", () => {
  test("the dashboard draws net sales and orders per day for paid orders, refunds taken off, with the figures beside and as CSV", async ({ page, request }) => {
    const admin = await adminToken(page);
    const today = shopDay(new Date());
    const from = addShopDays(today, -6);
    const before = await sales(request, admin, from, today);

    const { token } = await createCustomer(page);
    const first = await buy(request, token, "mysore-pak", 2, { pincode: "560025" });
    const second = await buy(request, token, "besan-laddoo", 1, { pincode: "560025" });
    const refund = await request.post(`/api/admin/orders/${first.id}/refund`, { headers: bearer(admin), data: { amount: 100.5, reason: "One box arrived broken" } });
    expect(refund.ok(), await refund.text()).toBe(true);

    const after = await sales(request, admin, from, today);
    const day = (report: SalesReport) => report.series.find((d) => d.date === today)!;
    // What these two orders and the refund changed, to the paisa.
    expect(Math.round((day(after).paid - day(before).paid) * 100)).toBe(first.amountPaise + second.amountPaise);
    expect(Math.round((day(after).refunded - day(before).refunded) * 100)).toBe(10_050);
    expect(Math.round((day(after).net - day(before).net) * 100)).toBe(first.amountPaise + second.amountPaise - 10_050);
    expect(day(after).orders - day(before).orders).toBe(2);

    await openAsAdmin(page, "/admin-dashboard");
    const dashboard = page.getByRole("region", { name: "Sales" });
    await expect(dashboard.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("total-net")).toHaveText(formatRupees(after.totals.net));
    await expect(page.getByTestId("total-orders")).toHaveText(String(after.totals.orders));
    await expect(page.getByTestId("total-refunded")).toHaveText(formatRupees(after.totals.refunded));
    await expect(page.getByTestId("average-order")).toHaveText(formatRupees(after.totals.averageOrder));
    // The figures beside the charts: one row a day, today's as the API answers it.
    const rows = page.getByTestId("sales-table").locator("tbody tr");
    await expect(rows).toHaveCount(7);
    await expect(rows.filter({ hasText: today })).toHaveText(
      new RegExp(`${today}\\s*${day(after).orders}\\s*${escape(formatRupees(day(after).paid))}\\s*${escape(formatRupees(day(after).refunded))}\\s*${escape(formatRupees(day(after).net))}`),
    );
    // The charts are drawn, and say what they show.
    await expect(page.getByTestId("chart-net").locator("canvas").first()).toBeVisible();
    await expect(page.getByTestId("chart-net")).toHaveAttribute("aria-label", new RegExp(`${escape(formatRupees(after.totals.net))} in all, ${escape(formatRupees(after.totals.refunded))} refunded`));
    expect(await drawnPixels(page, "chart-net")).toBeGreaterThan(500);
    expect(await drawnPixels(page, "chart-orders")).toBeGreaterThan(200);
    await expect(page.getByTestId("top-net")).toContainText(first.item.name);
    await page.screenshot({ path: "test-results/owner-dashboard-phone.png", fullPage: true });

    const [download] = await Promise.all([page.waitForEvent("download"), dashboard.getByRole("button", { name: "Download CSV" }).click()]);
    const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("\uFEFFDate,Orders,Paid (INR),Refunded (INR),Net (INR)");
    expect(lines).toContain(`${today},${day(after).orders},${day(after).paid},${day(after).refunded},${day(after).net}`);
    expect(lines).toHaveLength(8);

    await dashboard.getByRole("button", { name: "30 days" }).click();
    await expect(dashboard.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(rows).toHaveCount(30);
    const month = await sales(request, admin, addShopDays(today, -29), today);
    await expect(page.getByTestId("total-net")).toHaveText(formatRupees(month.totals.net));

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "test-results/owner-dashboard-desktop.png", fullPage: true });
  });

  test("stock at a glance lists tracked sweets with kg left, held and sold in 7 days, soonest to run out first", async ({ page, request }) => {
    const admin = await adminToken(page);
    const pinni = await itemBySlug(request, "atta-pinni");
    expect((await request.put(`/api/admin/food/${pinni._id}/stock`, { headers: bearer(admin), data: { stockKg: 3 } })).ok()).toBe(true);
    try {
      const { token } = await createCustomer(page);
      await buy(request, token, "atta-pinni", 1, { pincode: "560025" });
      await openAsAdmin(page, "/admin-dashboard");
      const row = page.getByTestId("stock-table").locator("tbody tr", { hasText: pinni.name });
      await expect(row).toHaveText(new RegExp(`${pinni.name}\\s*2 kg\\s*0 kg\\s*1 kg\\s*about 14 days`));
    } finally {
      await request.put(`/api/admin/food/${pinni._id}/stock`, { headers: bearer(admin), data: { stockKg: null } });
    }
  });

  test("the production sheet adds up each sweet's kg for the day's deliveries, across two zones with different delivery days", async ({ page, request }) => {
    const admin = await adminToken(page);
    const zone = await request.post("/api/admin/delivery-zones", { headers: bearer(admin), data: { name: "E2E Express", pincodes: ["110001"], charge: 0, minDays: 0, maxDays: 1 } });
    expect(zone.ok(), await zone.text()).toBe(true);
    const zoneId = ((await zone.json()) as { data: { _id: string } }).data._id;
    try {
      const { token } = await createCustomer(page);
      // Express: the kitchen's day, then the next delivery day. All India (2–4 days): two more.
      const express = await buy(request, token, "soan-papdi", 2, { pincode: "110001", city: "New Delhi", state: "Delhi" });
      const india = await buy(request, token, "soan-papdi", 3, { pincode: "560025" });
      const expressDay = deliveryDay(1);
      const indiaZone = ((await (await request.get("/api/admin/delivery-zones", { headers: bearer(admin) })).json()) as { data: { name: string; minDays: number }[] }).data.find(
        (z) => z.name === "All India",
      )!;
      const indiaDay = deliveryDay(1 + indiaZone.minDays);
      expect(indiaDay).not.toBe(expressDay);

      const sheetOf = async (date: string) =>
        ((await (await request.get(`/api/admin/kitchen/production?date=${date}`, { headers: bearer(admin) })).json()) as { lines: { name: string; kg: number; orders: string[] }[] }).lines;
      const lineOf = (lines: { name: string; kg: number; orders: string[] }[]) => lines.find((l) => l.name === express.item.name);
      expect(lineOf(await sheetOf(expressDay))?.orders).toContain(express.number);
      expect(lineOf(await sheetOf(expressDay))?.orders).not.toContain(india.number);
      expect(lineOf(await sheetOf(indiaDay))?.orders).toContain(india.number);
      expect(lineOf(await sheetOf(indiaDay))?.orders).not.toContain(express.number);

      await openAsAdmin(page, "/admin/kitchen");
      await page.getByLabel("Delivery day").fill(expressDay);
      const table = page.getByTestId("production-table");
      const expected = lineOf(await sheetOf(expressDay))!;
      await expect(table.locator("tbody tr", { hasText: express.item.name })).toHaveText(new RegExp(`${express.item.name}\\s*${expected.kg}\\s*.*${escape(express.number)}`));
      await page.screenshot({ path: "test-results/owner-production-phone.png", fullPage: true });
      await page.getByLabel("Delivery day").fill(indiaDay);
      await expect(table.locator("tbody tr", { hasText: express.item.name })).toContainText(india.number);
      await expect(table.locator("tbody tr", { hasText: express.item.name })).not.toContainText(express.number);

      // The printable PDF says the same.
      const pdf = await request.get(`/api/admin/kitchen/production?date=${indiaDay}&format=pdf`, { headers: bearer(admin) });
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      const { file } = pdfFiles(await pdf.body());
      const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
      expect(text).toContain(india.number);
      expect(text).toMatch(new RegExp(`${express.item.name}\\s+${lineOf(await sheetOf(indiaDay))!.kg}\\s`));
    } finally {
      await request.delete(`/api/admin/delivery-zones/${zoneId}`, { headers: bearer(admin) });
    }
  });

  test("a packing slip reads back with the order's number, sweets, address and mobile; its QR code finds the order in the admin search", async ({ page, request }) => {
    const admin = await adminToken(page);
    const { token } = await createCustomer(page);
    const order = await buy(request, token, "gur-til-laddoo", 2, { pincode: "560025", fullName: "Meera Slip-Test" });
    const res = await request.get(`/api/admin/orders/${order.id}/packing-slip`, { headers: bearer(admin) });
    expect(res.headers()["content-type"]).toBe("application/pdf");
    const { dir, file } = pdfFiles(await res.body());
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain(order.number);
    expect(text).toMatch(new RegExp(`${order.item.name}\\s+2 kg`));
    expect(text).toContain("Meera Slip-Test");
    expect(text).toContain("14 Residency Road");
    expect(text).toMatch(/Mobile: (\+91)?9876543210/);
    execFileSync("pdftoppm", ["-png", "-r", "150", file, path.join(dir, "page")]);
    const page1 = readdirSync(dir).find((f) => f.endsWith(".png"))!;
    const scanned = execFileSync("zbarimg", ["--quiet", "--raw", path.join(dir, page1)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    expect(scanned).toBe(order.number);

    // What the scanner types into the search box finds the order; its card opens the slip.
    await openAsAdmin(page, "/admin/orders");
    await page.getByRole("searchbox").fill(scanned);
    await page.getByRole("button", { name: "Apply" }).click();
    const card = page.getByRole("article", { name: `Order ${order.number}` });
    await expect(card).toBeVisible();
    // The new tab gets the slip: a browser with a PDF viewer shows it from memory (a blob: address); one without (a
    // phone's, the headless shell these tests run) downloads it, and the download is this order's slip. The download
    // can start before the click's promise settles, so the tab is listened to as soon as it opens.
    const opened = new Promise<{ popup: Page; slip: Promise<Buffer | null> }>((resolve) =>
      page.once("popup", (popup) => {
        const downloaded = popup.waitForEvent("download", { timeout: 30_000 }).then(async (download) => readFileSync(await download.path()));
        // A download aborts the tab's navigation; a shown slip stays at its blob: address.
        const shown = popup.waitForURL(/^blob:/, { timeout: 30_000 }).then(() => null);
        const neither = () => {
          throw new Error("the packing slip's tab neither downloaded the slip nor showed it within 30 s");
        };
        resolve({ popup, slip: Promise.any([shown, downloaded]).catch(neither) });
      }),
    );
    await card.getByRole("button", { name: `Packing slip for ${order.number}` }).click();
    const { popup, slip: slipPromise } = await opened;
    const slip = await slipPromise;
    if (slip) expect(execFileSync("pdftotext", ["-layout", pdfFiles(slip).file, "-"], { encoding: "utf8" })).toContain(order.number);
    else expect(popup.url()).toMatch(/^blob:/);
    await popup.close();

    // The day's slips: one PDF, this order's among them.
    const daySlips = await request.get(`/api/admin/packing-slips?date=${deliveryDay(1 + 2)}`, { headers: bearer(admin) });
    expect(daySlips.headers()["content-type"]).toBe("application/pdf");
  });

  test("screens that misled: stock 2.5 is refused in words, search by name, refunds of 1,280 with messages in words", async ({ page, request }) => {
    const { token } = await createCustomer(page);
    const order = await buy(request, token, "mysore-pak", 2, { pincode: "560025", fullName: "Priya Searchable" });

    // Search by the customer's name finds the order ("Priya" → No orders match, before).
    await openAsAdmin(page, "/admin/orders");
    await page.getByRole("searchbox").fill("Priya Searchable");
    await page.getByRole("button", { name: "Apply" }).click();
    const card = page.getByRole("article", { name: `Order ${order.number}` });
    await expect(card).toBeVisible();

    // The refund form reads Indian grouping and says what is wrong in words.
    await card.getByRole("button", { name: "Refund…" }).click();
    const form = card.getByRole("form", { name: `Refund order ${order.number}` });
    const amount = form.getByRole("textbox", { name: /Amount in ₹/ });
    await amount.fill("12,80");
    await amount.blur();
    await expect(form.getByRole("alert")).toHaveText("The amount has its commas in the wrong places: write it like 1,280 or 1,28,000");
    await amount.fill("1,280");
    await expect(form.getByRole("alert")).toHaveCount(0);
    await form.getByRole("textbox", { name: /Reason/ }).fill("Festival box short");
    // The checkbox sits beside its label, and the boxes are full size.
    // Both measured in one frame: the page may still be scrolling to the field just filled.
    const offset = await form.getByRole("checkbox", { name: "Put its sweets back in stock" }).evaluate((box) => {
      const check = box.getBoundingClientRect();
      const label = box.nextElementSibling!.getBoundingClientRect();
      return Math.abs(check.top + check.height / 2 - (label.top + label.height / 2));
    });
    expect(offset).toBeLessThan(12);
    expect((await amount.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await page.screenshot({ path: "test-results/owner-refund-form.png", fullPage: false });
    await form.getByRole("button", { name: "Refund" }).click();
    await expect(card.getByRole("list", { name: "Refunds" })).toContainText("₹1,280");

    // Stock quick edit keeps what is typed: 2.5 is refused in words, never saved as 25.
    const pak = await itemBySlug(request, "mysore-pak");
    await page.goto("/admin/list");
    const stock = page.getByLabel(`Stock of ${pak.name} in kg (empty: not tracked)`);
    await stock.fill("2.5");
    await expect(stock).toHaveValue("2.5");
    await expect(page.getByText("Stock is counted in whole kilograms: 2.5 kg is not a whole number")).toBeVisible();
    await page.getByRole("button", { name: `Save stock of ${pak.name}` }).click();
    expect(((await (await request.get(`/api/food/slug/mysore-pak`)).json()) as { data: { stockKg: number | null } }).data.stockKg).not.toBe(25);

    // Delivery zones: a mistake is said in words, without code names.
    await page.goto("/admin/delivery-zones");
    const zoneForm = page.getByRole("form", { name: "New zone" });
    await zoneForm.getByLabel("Name").fill("Backwards");
    await zoneForm.getByLabel("PIN codes (prefixes, ranges)").fill("799");
    await zoneForm.getByLabel("Min days").fill("5");
    await zoneForm.getByLabel("Max days").fill("2");
    await zoneForm.getByRole("button", { name: "Add zone" }).click();
    await expect(page.getByText("Max days must be at least min days")).toBeVisible();
    await expect(page.getByText(/maxDays|minDays/)).toHaveCount(0);
  });
});

test("a badge in the admin menu says how many mails are waiting undelivered, on every admin page", async ({ page }) => {
  // A mail server that refuses every mail, as the panel sees it: the real answer of admin.undeliveredMail with one mail in it.
  await page.route(/\/trpc\/[^?]*admin\.undeliveredMail/, async (route) => {
    const procedures = new URL(route.request().url()).pathname.replace(/^\/trpc\//, "").split(",");
    const response = await route.fetch();
    const body = (await response.json()) as { result: { data: unknown } }[];
    const mail = { id: "00000000-0000-4000-8000-0000000000aa", kind: "order-receipt", channel: "mail", recipient: "asha@example.in", createdAt: new Date().toISOString(), attempts: 6, lastError: "connect ECONNREFUSED 127.0.0.1:25" };
    body[procedures.indexOf("admin.undeliveredMail")] = { result: { data: [mail] } };
    await route.fulfill({ response, json: body });
  });
  await openAsAdmin(page, "/admin/orders");
  const menu = page.getByRole("navigation", { name: "Admin" });
  await expect(menu.getByTestId("undelivered-badge")).toHaveText("1 mail not delivered");
  await expect(menu.getByRole("link", { name: /Dashboard 1 mail not delivered/ })).toBeVisible();
  await page.screenshot({ path: "test-results/owner-undelivered-badge.png" });
});

/** Text as a literal inside a RegExp. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
