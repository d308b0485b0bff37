import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { creditNotes, invoices, refunds, users } from "@mithai/db/schema";
import { createTestDb, insertTestFoodItems } from "@mithai/db/testing";
import type { Language } from "@mithai/schema";
import { insertPendingOrder, pdfFonts, pdfText, TEST_CONFIG } from "../testing";
import { orderNumberOf } from "@mithai/schema";
import { packingSlipPdf, renderProductionPdf } from "../owner/documents";
import { creditNoteDocument, invoiceDocument } from "./document";
import { renderInvoicePdf } from "./pdf";

/** pdftotext's reading of a PDF (poppler), and the fonts pdffonts lists in it. */
const readBack = (pdf: Buffer) => ({ text: pdfText(pdf), fonts: pdfFonts(pdf) });

let database: DbHandle;
let itemId: string;
const deps = () => ({ db: database.db, config: TEST_CONFIG });

const NAME = "రాధిక శర్మ";
const STREET = "१२ महात्मा गांधी मार्ग, करोल बाग";
const CITY = "नई दिल्ली";

/** A paid, invoiced order of a customer reading `language`, named in Telugu, delivered to an address in Devanagari. */
async function invoicedOrder(language: Language, serial: number) {
  const [user] = await database.db
    .insert(users)
    .values({ name: NAME, email: `radhika-${language}-${serial}@example.in`, passwordHash: "x", language })
    .returning({ id: users.id });
  const order = await insertPendingOrder(database.db, user!.id, itemId, 2, {
    paymentStatus: "paid",
    status: "Order Recieved",
    paidAt: new Date(),
    paymentId: `pay_scripts${serial}`,
    address: { fullName: NAME, email: "radhika@example.in", street: STREET, city: CITY, state: "Delhi", pincode: "110005", country: "India", mobile: "9876543210" },
  });
  await database.db.insert(invoices).values({ orderId: order.id, number: `MTH/26-27/${serial}`, financialYear: "26-27", serial, issuedAt: new Date("2026-11-20T10:00:00Z") });
  return { order, auth: { userId: user!.id, role: "user" as const } };
}

beforeAll(async () => {
  database = await createTestDb();
  [itemId] = (await insertTestFoodItems(database.db, 1)) as [string];
});
afterAll(() => database.close());

describe("GST documents in every Indian script (issue 28)", () => {
  it("prints a Telugu name and a Devanagari address that read back exactly, with Hindi headings beside the English", async () => {
    const { order, auth } = await invoicedOrder("hi", 1);
    const pdf = await renderInvoicePdf(await invoiceDocument(deps(), auth, order.id));
    const { text, fonts } = readBack(pdf);
    const lines = text.split("\n");
    expect(lines).toContain(NAME);
    expect(lines).toContain(`${STREET}, ${CITY} 110005, India`);
    // Headings: English first, then Hindi (the customer's language); the figures as before.
    expect(text).toContain("TAX INVOICE");
    expect(lines).toContain("कर बीजक");
    expect(text).toContain("Billed and shipped to / बिल और डिलीवरी का पता");
    expect(text).toContain("Place of supply / आपूर्ति का स्थान: Delhi (07)");
    expect(text).toContain("Total paid / कुल भुगतान: Rs. 200.00");
    // Subsetted Noto fonts, one per script used.
    for (const font of ["NotoSans-Regular", "NotoSans-Bold", "NotoSansDevanagari-Regular", "NotoSansDevanagari-Bold", "NotoSansTelugu-Regular"]) {
      expect(fonts).toMatch(new RegExp(`[A-Z]{6}\\+${font}\\s+CID TrueType\\s+Identity-H\\s+yes yes yes`));
    }
    expect(fonts).not.toMatch(/Helvetica/);
    // Subsetting keeps the document small: only the glyphs used are embedded.
    expect(pdf.length).toBeLessThan(80_000);
  });

  it("heads a Telugu reader's credit note in Telugu, and an English reader's documents in English alone", async () => {
    const { order, auth } = await invoicedOrder("te", 2);
    const [refund] = await database.db
      .insert(refunds)
      .values({ orderId: order.id, paymentId: "pay_scripts2", amountPaise: 5_000, reason: "ఒక డబ్బా నలిగి వచ్చింది", status: "processed" })
      .returning({ id: refunds.id });
    await database.db.insert(creditNotes).values({ orderId: order.id, refundId: refund!.id, number: "MTHC/26-27/2", financialYear: "26-27", serial: 2, issuedAt: new Date() });
    const note = readBack(await renderInvoicePdf(await creditNoteDocument(deps(), auth, order.id, "MTHC/26-27/2"))).text;
    expect(note).toContain("CREDIT NOTE");
    expect(note.split("\n")).toContain("క్రెడిట్ నోట్");
    expect(note).toContain("Credit note number / క్రెడిట్ నోట్ సంఖ్య");
    expect(note).toContain("Reason: refund (ఒక డబ్బా నలిగి వచ్చింది)");
    expect(note).toContain("Total refunded / మొత్తం రీఫండ్: Rs. 50.00");

    const english = await invoicedOrder("en", 3);
    const invoice = readBack(await renderInvoicePdf(await invoiceDocument(deps(), english.auth, english.order.id))).text;
    expect(invoice).toContain("Billed and shipped to\n");
    expect(invoice).toContain("Total paid: Rs. 200.00");
    // The headings in English alone; the customer's name and address as they wrote them.
    expect(invoice).not.toMatch(/ \/ |कर बीजक/);
    expect(invoice.split("\n")).toEqual(expect.arrayContaining([NAME, `${STREET}, ${CITY} 110005, India`]));
  });

  it("prints the name and address in any script on the packing slip, and any sweet's name on the production sheet", async () => {
    const { order } = await invoicedOrder("te", 4);
    const slip = readBack(await packingSlipPdf(database.db, order.id, "Mithai")).text.split("\n");
    expect(slip).toEqual(expect.arrayContaining([NAME, STREET, `${CITY}, Delhi 110005`, "Mobile: 9876543210"]));
    const sheet = { success: true as const, date: "2026-11-20", lines: [{ itemId: itemId, name: "ಮೈಸೂರು ಪಾಕ್", kg: 2, orders: [orderNumberOf(order.id)] }, { itemId: itemId, name: "পান্তুয়া", kg: 1, orders: [orderNumberOf(order.id)] }] };
    const production = readBack(await renderProductionPdf(sheet, "Mithai"));
    expect(production.text).toContain("ಮೈಸೂರು ಪಾಕ್");
    expect(production.text).toContain("পান্তুয়া");
    expect(production.fonts).toMatch(/NotoSansKannada-Regular/);
    expect(production.fonts).toMatch(/NotoSansBengali-Regular/);
  });
});
