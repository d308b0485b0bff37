import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { creditNotes, invoices, orders, refunds, users } from "@mithai/db/schema";
import { createTestDb, insertTestFoodItems } from "@mithai/db/testing";
import { orderFiltersSchema, orderNumberOf, ordersCsvInputSchema } from "@mithai/schema";
import { appErrorOf, insertPendingOrder, testAddress } from "../testing";
import { CSV_PAGE_SIZE, ordersCsv, ordersCsvPage } from "./orders-csv";

/** The orders export, streamed (the REST download) and paged (tRPC admin.ordersCsv), called directly. */
let database: DbHandle;
let itemId: string;

const HEADER = [
  "Order number",
  "Order id",
  "Placed at (IST)",
  "Payment",
  "Status",
  "Customer",
  "Account e-mail",
  "Deliver to",
  "Delivery e-mail",
  "Mobile",
  "Address",
  "Items",
  "Subtotal (INR)",
  "Discount (INR)",
  "Delivery (INR)",
  "Amount (INR)",
  "Refunded (INR)",
  "Net (INR)",
  "Discount applied",
  "Promo code",
  "Payment id",
  "Invoice number",
  "Credit note numbers",
];
const column = (name: string) => HEADER.indexOf(name);

async function customer(name: string): Promise<{ id: string; email: string }> {
  const email = `csv-${randomUUID().slice(0, 8)}@example.in`;
  const [row] = await database.db.insert(users).values({ name, email, passwordHash: "x" }).returning({ id: users.id });
  return { id: row!.id, email };
}

const paidOrder = (userId: string, extra: Parameters<typeof insertPendingOrder>[4] = {}, kilos = 2) =>
  insertPendingOrder(database.db, userId, itemId, kilos, { paymentStatus: "paid", status: "Order Recieved", paidAt: new Date(), ...extra });

/** Everything the stream yields, and the chunks it came in. */
async function streamed(input: Record<string, unknown>): Promise<{ text: string; chunks: string[] }> {
  const chunks: string[] = [];
  for await (const chunk of ordersCsv(database.db, orderFiltersSchema.parse(input))) chunks.push(chunk);
  return { text: chunks.join(""), chunks };
}

/** RFC 4180 records (quoted fields may hold commas, doubled quotes and line breaks), for reading the export back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += c;
  }
  expect({ quoted, rest: field, record }).toEqual({ quoted: false, rest: "", record: [] });
  return records;
}

const rowsOf = (text: string) => parseCsv(text).slice(1);
const idsOf = (text: string) => rowsOf(text).map((row) => row[column("Order id")]);

beforeAll(async () => {
  database = await createTestDb();
  [itemId] = (await insertTestFoodItems(database.db, 1)) as [string];
});
afterAll(() => database.close());

describe("ordersCsv", () => {
  it("starts with a byte-order mark and the header, then one row per order with its amounts in rupees as stored in paise", async () => {
    const meera = await customer("Meera Export");
    const order = await paidOrder(meera.id, {
      createdAt: new Date("2025-10-20T12:35:00Z"),
      status: "Delivered",
      items: [
        { foodItemId: itemId, name: "Kaju Katli", quantity: 2, unitPricePaise: 89_950, image: "k.webp" },
        { foodItemId: itemId, name: "Motichoor Ladoo", quantity: 1, unitPricePaise: 45_025, image: "m.webp" },
      ],
      subtotalPaise: 224_925,
      discountPaise: 15_000,
      deliveryChargePaise: 4_999,
      amountPaise: 214_924,
      discountApplied: true,
      promoCode: "DIWALI150",
      paymentId: "pay_csv_amounts",
      address: { ...testAddress, email: "meera.delivery@example.in" },
    });
    // Failed refunds gave nothing back; pending and processed ones count.
    for (const [amountPaise, status] of [
      [100_011, "processed"],
      [10_000, "pending"],
      [50_000, "failed"],
    ] as const) {
      const [refund] = await database.db.insert(refunds).values({ orderId: order.id, paymentId: "pay_csv_amounts", amountPaise, reason: "test", status }).returning();
      // Processed refunds carry a credit note (issue 29: the export names them, and the invoice).
      if (status === "processed") {
        await database.db.insert(creditNotes).values({ refundId: refund!.id, orderId: order.id, number: "MTHC/25-26/7", financialYear: "25-26", serial: 7, issuedAt: new Date() });
      }
    }
    await database.db.insert(invoices).values({ orderId: order.id, number: "MTH/25-26/42", financialYear: "25-26", serial: 42, issuedAt: new Date() });
    // Placed 00:30 IST on the 21st (19:00 UTC on the 20th), not paid yet, nothing optional set.
    const pending = await insertPendingOrder(database.db, meera.id, itemId, 3, { createdAt: new Date("2025-10-20T19:00:00Z") });

    const { text } = await streamed({ q: meera.email, payment: "all" });
    expect(text.startsWith(`\uFEFF${HEADER.join(",")}\r\n`)).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const records = parseCsv(text);
    expect(records[0]).toEqual([`\uFEFF${HEADER[0]}`, ...HEADER.slice(1)]);
    expect(records.slice(1)).toEqual([
      [
        orderNumberOf(pending.id),
        pending.id,
        "2025-10-21 00:30",
        "pending",
        "",
        "Meera Export",
        meera.email,
        "Asha Rao",
        "asha@example.in",
        "9830012345",
        "9 Lake Road, Kolkata, West Bengal, 700029, India",
        "Test Sweet 0 x 3 kg @ 100",
        "300",
        "0",
        "0",
        "300",
        "0",
        // Net = paid − refunded (issue 25): an order never paid brought in nothing.
        "0",
        "no",
        "",
        "",
        "",
        "",
      ],
      [
        orderNumberOf(order.id),
        order.id,
        "2025-10-20 18:05",
        "paid",
        "Delivered",
        "Meera Export",
        meera.email,
        "Asha Rao",
        "meera.delivery@example.in",
        "9830012345",
        "9 Lake Road, Kolkata, West Bengal, 700029, India",
        "Kaju Katli x 2 kg @ 899.5; Motichoor Ladoo x 1 kg @ 450.25",
        "2249.25",
        "150",
        "49.99",
        "2149.24",
        // 1000.11 + 100 (the failed 500 not counted).
        "1100.11",
        // 2149.24 − 1100.11 in floating point is 1049.1299999999999: the export rounds it to paise.
        "1049.13",
        "yes",
        "DIWALI150",
        "pay_csv_amounts",
        "MTH/25-26/42",
        "MTHC/25-26/7",
      ],
    ]);
  });

  it("quotes fields with commas, quotes and line breaks, and puts an apostrophe before text a spreadsheet would run", async () => {
    const tricky = await customer('Nisha "Nini", Iyer');
    const order = await paidOrder(tricky.id, {
      items: [{ foodItemId: itemId, name: "=cmd|' /C calc'!A0", quantity: 1, unitPricePaise: 10_000, image: "t.webp" }],
      subtotalPaise: 10_000,
      amountPaise: 10_000,
      promoCode: "@SUM(A1)",
      address: {
        ...testAddress,
        fullName: 'Ravi "Chotu" Kumar',
        email: "-ravi@example.in",
        mobile: "+919812345678",
        street: '=HYPERLINK("http://evil")',
        city: "Pune, Camp",
        state: "Line\nBreak",
        pincode: "411001",
      },
    });

    const { text } = await streamed({ q: tricky.email });
    const line = text.split("\r\n")[1]!;
    // As written, field by field (the state's line break stays inside its quoted field).
    expect(line).toContain(`,"Nisha ""Nini"", Iyer",${tricky.email},"Ravi ""Chotu"" Kumar",'-ravi@example.in,'+919812345678,`);
    expect(line).toContain(`,"'=HYPERLINK(""http://evil""), Pune, Camp, Line\nBreak, 411001, India",'=cmd|' /C calc'!A0 x 1 kg @ 100,100,`);
    expect(line).toContain(`,no,'@SUM(A1),`);
    const [row] = rowsOf(text);
    expect(row).toHaveLength(HEADER.length);
    expect(row![column("Order id")]).toBe(order.id);
    expect(row![column("Customer")]).toBe('Nisha "Nini", Iyer');
    expect(row![column("Deliver to")]).toBe('Ravi "Chotu" Kumar');
    expect(row![column("Delivery e-mail")]).toBe("'-ravi@example.in");
    expect(row![column("Mobile")]).toBe("'+919812345678");
    expect(row![column("Address")]).toBe(`'=HYPERLINK("http://evil"), Pune, Camp, Line\nBreak, 411001, India`);
    expect(row![column("Items")]).toBe("'=cmd|' /C calc'!A0 x 1 kg @ 100");
    expect(row![column("Promo code")]).toBe("'@SUM(A1)");
  });

  it("exports only the orders the filters match, newest first, and only the header when none match", async () => {
    const ravi = await customer("Ravi Filters");
    const day = (d: string, time = "12:00:00") => new Date(`${d}T${time}+05:30`);
    const first = await paidOrder(ravi.id, { createdAt: day("2024-07-01", "00:05:00") });
    const delivered = await paidOrder(ravi.id, { createdAt: day("2024-07-02"), status: "Delivered" });
    const late = await paidOrder(ravi.id, { createdAt: day("2024-07-03", "23:55:00") });
    const pending = await insertPendingOrder(database.db, ravi.id, itemId, 1, { createdAt: day("2024-07-02", "09:00:00") });
    const failed = await insertPendingOrder(database.db, ravi.id, itemId, 1, { createdAt: day("2024-07-02", "10:00:00"), paymentStatus: "failed" });
    const elsewhere = await paidOrder(ravi.id, { createdAt: day("2024-07-04"), address: { ...testAddress, mobile: "9000011111" } });

    // Paid orders by default.
    expect(idsOf((await streamed({ q: ravi.email })).text)).toEqual([elsewhere.id, late.id, delivered.id, first.id]);
    expect(idsOf((await streamed({ q: ravi.email, payment: "all" })).text)).toEqual([elsewhere.id, late.id, delivered.id, failed.id, pending.id, first.id]);
    expect(idsOf((await streamed({ q: ravi.email, payment: "failed" })).text)).toEqual([failed.id]);
    expect(idsOf((await streamed({ q: ravi.email, status: "Delivered" })).text)).toEqual([delivered.id]);
    // Whole days on the shop's clock, both ends inclusive.
    expect(idsOf((await streamed({ q: ravi.email, from: "2024-07-01", to: "2024-07-01" })).text)).toEqual([first.id]);
    expect(idsOf((await streamed({ q: ravi.email, from: "2024-07-02", to: "2024-07-03" })).text)).toEqual([late.id, delivered.id]);
    expect(idsOf((await streamed({ q: "+91 90000 11111" })).text)).toEqual([elsewhere.id]);
    expect(idsOf((await streamed({ q: orderNumberOf(late.id) })).text)).toContain(late.id);

    const none = await streamed({ q: ravi.email, from: "2024-08-01" });
    expect(none.chunks).toEqual([`\uFEFF${HEADER.join(",")}\r\n`]);
    expect(await ordersCsvPage(database.db, ordersCsvInputSchema.parse({ q: ravi.email, from: "2024-08-01" }))).toEqual({ csv: none.text, nextCursor: null });
  });

  it(`reads more orders than one page (${CSV_PAGE_SIZE}) in batches, and its pages join into exactly what the stream sends`, async () => {
    const many = await customer("Bulk Buyer");
    const count = CSV_PAGE_SIZE + 3;
    const start = Date.parse("2024-09-01T00:00:00Z");
    const inserted = await database.db
      .insert(orders)
      .values(
        Array.from({ length: count }, (_, i) => ({
          userId: many.id,
          items: [{ foodItemId: itemId, name: "Test Sweet 0", quantity: 1, unitPricePaise: 10_000 + i, image: "test.webp" }],
          subtotalPaise: 10_000 + i,
          amountPaise: 10_000 + i,
          address: testAddress,
          paymentStatus: "paid" as const,
          status: "Order Recieved" as const,
          createdAt: new Date(start + i * 60_000),
        })),
      )
      .returning({ id: orders.id, amountPaise: orders.amountPaise });
    const newestFirst = [...inserted].reverse();

    const { text, chunks } = await streamed({ q: many.email });
    expect(chunks).toHaveLength(2);
    expect(rowsOf(chunks[0]!)).toHaveLength(CSV_PAGE_SIZE);
    // Only the first chunk carries the byte-order mark and the header.
    expect(chunks[1]!.startsWith("\uFEFF")).toBe(false);
    expect(parseCsv(chunks[1]!)).toHaveLength(3);
    const rows = rowsOf(text);
    expect(rows.map((row) => row[column("Order id")])).toEqual(newestFirst.map((o) => o.id));
    expect(rows.map((row) => row[column("Amount (INR)")])).toEqual(newestFirst.map((o) => String(o.amountPaise / 100)));

    const first = await ordersCsvPage(database.db, ordersCsvInputSchema.parse({ q: many.email }));
    expect(first.csv).toBe(chunks[0]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await ordersCsvPage(database.db, ordersCsvInputSchema.parse({ q: many.email, cursor: first.nextCursor }));
    expect(second).toEqual({ csv: chunks[1], nextCursor: null });
    expect(first.csv + second.csv).toBe(text);
  });

  it("fails before sending anything when the first read fails, and mid-export when a later one does", async () => {
    const buyer = await customer("Failing Export");
    const start = Date.parse("2024-10-01T00:00:00Z");
    for (let i = 0; i < CSV_PAGE_SIZE + 1; i += 100) {
      await database.db.insert(orders).values(
        Array.from({ length: Math.min(100, CSV_PAGE_SIZE + 1 - i) }, (_, j) => ({
          userId: buyer.id,
          items: [],
          subtotalPaise: 10_000,
          amountPaise: 10_000,
          address: testAddress,
          paymentStatus: "paid" as const,
          createdAt: new Date(start + (i + j) * 1000),
        })),
      );
    }
    const filters = orderFiltersSchema.parse({ q: buyer.email });
    const connectionLost = () => {
      throw new Error("connection lost");
    };

    // The header waits for the first query: a caller that awaits the first chunk can still refuse the whole export.
    const failingFirst = vi.spyOn(database.db, "select").mockImplementation(connectionLost);
    try {
      await expect(ordersCsv(database.db, filters).next()).rejects.toThrow("connection lost");
      await expect(ordersCsvPage(database.db, { ...filters, cursor: undefined })).rejects.toThrow("connection lost");
    } finally {
      failingFirst.mockRestore();
    }

    const csv = ordersCsv(database.db, filters);
    const head = await csv.next();
    expect(head.done).toBe(false);
    expect(rowsOf(head.value as string)).toHaveLength(CSV_PAGE_SIZE);
    const failingLater = vi.spyOn(database.db, "select").mockImplementation(connectionLost);
    try {
      await expect(csv.next()).rejects.toThrow("connection lost");
    } finally {
      failingLater.mockRestore();
    }
  });

  it("refuses a page cursor it did not write", async () => {
    for (const cursor of ["bm90LWEtY3Vyc29y", Buffer.from(`2024-13-01T00:00:00.000000Z|${randomUUID()}`).toString("base64url")]) {
      expect(await appErrorOf(ordersCsvPage(database.db, ordersCsvInputSchema.parse({ cursor })))).toMatchObject({
        code: "VALIDATION",
        message: "The page cursor is not valid; start from the first page",
      });
    }
  });
});
