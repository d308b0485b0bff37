import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "@mithai/db/sql";
import { foodItems, invoices } from "@mithai/db/schema";
import { invoiceDocument, invoiceDocumentData } from "@mithai/api";
import { pdfText } from "@mithai/api/testing";
import { bearer, createAccount } from "../rest/admin-fixtures";
import { type TestApp } from "../testing";
import { createCheckoutApp, createCustomer, fillCart, payInSandboxWindow, placeOrderVia, testAddress, verifyVia, type Customer } from "./fixtures";

/** The text of a PDF, as poppler's pdftotext reads it (keeping the layout, so a row's figures stay on one line). */
const layoutText = (pdf: Buffer) => pdfText(pdf, { layout: true });

/** The tax invoice PDF (issue 17): who may read it, and figures that reconcile with what was paid. */
describe("the invoice PDF", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createCheckoutApp({
      env: { SHOP_LEGAL_NAME: "Mithai Sweets Pvt Ltd", SHOP_ADDRESS: "4-1-12 Abids Road, Hyderabad 500001", SHOP_STATE: "Telangana", SHOP_GSTIN: "36AABCM1234F1Z5" },
    });
  });
  afterAll(() => t.close());

  async function paidOrder(buyer: Customer, address = testAddress) {
    await fillCart(t, buyer, [3]);
    const { body: placed } = await placeOrderVia(t, buyer, { address });
    expect((await verifyVia(t, buyer, (await payInSandboxWindow(t, placed)).response!)).status).toBe(200);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, placed.orderId));
    return { placed, invoice: invoice! };
  }

  it("gives the customer and admins a tax invoice with IGST across states, reconciled to the paisa; 404 to anyone else", async () => {
    const buyer = await createCustomer(t);
    // An odd price, at 12 %: 3 kg of ₹333.33.
    const [first] = await t.database.db.select().from(foodItems).orderBy(foodItems.slug).limit(1);
    await t.database.db.update(foodItems).set({ pricePaise: 33_333, gstRate: 12, hsn: "17049090" }).where(eq(foodItems.id, first!.id));
    const { placed, invoice } = await paidOrder(buyer); // delivered to Karnataka, the shop is in Telangana

    const res = await t.app.inject({ url: `/api/order/${placed.orderId}/invoice`, headers: bearer(buyer.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = layoutText(res.rawPayload);
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain("Mithai Sweets Pvt Ltd");
    expect(text).toContain("GSTIN: 36AABCM1234F1Z5");
    expect(text).toContain(invoice.number);
    expect(text).toMatch(/Place of supply: Karnataka \(29\)/);
    expect(text).toContain("Reverse charge: No");
    // 999.99 paid: taxable 892.85 (999.99 / 1.12), IGST 107.14.
    expect(text).toMatch(/Atta Pinni\s+17049090\s+3\s+333\.33\s+12%\s+0\.00\s+892\.85\s+107\.14\s+999\.99/);
    expect(text).toContain("IGST: Rs. 107.14");
    expect(text).toContain("Total paid: Rs. 999.99");
    expect(text).toContain("Rupees Nine Hundred Ninety Nine and Ninety Nine Paise Only");
    expect(text).not.toContain("CGST");

    const admin = await createAccount(t.database.db, "admin");
    expect((await t.app.inject({ url: `/api/order/${placed.orderId}/invoice`, headers: bearer(admin.token) })).statusCode).toBe(200);
    const stranger = await createCustomer(t);
    for (const headers of [bearer(stranger.token), {}]) {
      const refused = await t.app.inject({ url: `/api/order/${placed.orderId}/invoice`, headers });
      expect(refused.statusCode).toBe(404);
      expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    }
    expect((await t.app.inject({ url: "/api/order/not-an-id/invoice", headers: bearer(buyer.token) })).statusCode).toBe(404);

    // The same document as typed data through tRPC, for tools: the same figures, and the same 404 for anyone else.
    const query = `/trpc/order.invoice?input=${encodeURIComponent(JSON.stringify({ orderId: placed.orderId }))}`;
    const typed = await t.app.inject({ url: query, headers: bearer(admin.token) });
    expect(typed.statusCode).toBe(200);
    expect(typed.json().result.data).toMatchObject({
      title: "Tax invoice",
      number: invoice.number,
      date: invoice.issuedAt.toISOString(),
      placeOfSupply: "Karnataka (29)",
      intraState: false,
      figures: { totals: { totalPaise: 99_999 } },
    });
    // All of it: the answer's contract (invoiceDocumentSchema) drops nothing the document says.
    const whole = invoiceDocumentData(await invoiceDocument(t.app.deps, { userId: admin.id, role: "admin" }, placed.orderId));
    expect(typed.json().result.data).toEqual(JSON.parse(JSON.stringify(whole)));
    expect(whole.supplier.gstin).toBeTruthy();
    expect((await t.app.inject({ url: query, headers: bearer(stranger.token) })).statusCode).toBe(404);

    // Without a GSTIN the shop is not registered: the same document is a bill of supply, without tax lines.
    const { supplier } = t.app.deps.config;
    t.app.deps.config.supplier = { ...supplier, gstin: undefined };
    try {
      const bill = layoutText((await t.app.inject({ url: `/api/order/${placed.orderId}/invoice`, headers: bearer(buyer.token) })).rawPayload);
      expect(bill).toContain("BILL OF SUPPLY");
      expect(bill).toContain("Not registered for GST");
      expect(bill).not.toMatch(/IGST|CGST|SGST|Taxable value/);
      expect(bill).toContain("Total paid: Rs. 999.99");
    } finally {
      t.app.deps.config.supplier = supplier;
    }
    await t.database.db.update(foodItems).set({ pricePaise: first!.pricePaise, gstRate: 5, hsn: "21069099" }).where(eq(foodItems.id, first!.id));
  });

  it("issues a credit note for a processed refund, against the invoice, in its own series", async () => {
    const buyer = await createCustomer(t);
    const { placed, invoice } = await paidOrder(buyer);
    const admin = await createAccount(t.database.db, "admin");
    const refunded = await t.app.inject({ method: "POST", url: `/api/admin/orders/${placed.orderId}/refund`, headers: bearer(admin.token), payload: { amount: "100.50", reason: "One box arrived crushed" } });
    expect(refunded.statusCode).toBe(200);
    let number = "";
    for (let i = 0; i < 100 && !number; i++) {
      const mine = (await t.app.inject({ method: "POST", url: "/api/order/userorders", headers: bearer(buyer.token) })).json<{ data: { _id: string; refunds: { creditNoteNumber: string | null }[] }[] }>();
      number = mine.data.find((o) => o._id === placed.orderId)?.refunds[0]?.creditNoteNumber ?? "";
      if (!number) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(number).toMatch(/^MTHC\/\d\d-\d\d\/\d+$/);
    const typed = await t.app.inject({ url: `/trpc/order.creditNote?input=${encodeURIComponent(JSON.stringify({ orderId: placed.orderId, number }))}`, headers: bearer(buyer.token) });
    expect(typed.json().result.data).toMatchObject({ title: "Credit note", number, reference: { invoiceNumber: invoice.number, reason: "One box arrived crushed" }, figures: { totals: { totalPaise: 10_050 } } });
    for (const written of [encodeURIComponent(number), number.replaceAll("/", "-")]) {
      const res = await t.app.inject({ url: `/api/order/${placed.orderId}/credit-notes/${written}`, headers: bearer(buyer.token) });
      expect(res.statusCode).toBe(200);
      const text = layoutText(res.rawPayload);
      expect(text).toContain("CREDIT NOTE");
      expect(text).toContain(number);
      if (process.env.KEEP_INVOICE_PDF) writeFileSync(`${process.env.KEEP_INVOICE_PDF}.credit.pdf`, res.rawPayload);
      expect(text).toContain(`Against invoice ${invoice.number}`);
      expect(text).toContain("Reason: refund (One box arrived crushed)");
      // 100.50 back at 5 % (Karnataka, so IGST): taxable 95.71, IGST 4.79.
      expect(text).toMatch(/Total\s+95\.71\s+4\.79\s+100\.50/);
      expect(text).toContain("Total refunded: Rs. 100.50");
      expect(text).toContain("Rupees One Hundred and Fifty Paise Only");
    }
    const stranger = await createCustomer(t);
    expect((await t.app.inject({ url: `/api/order/${placed.orderId}/credit-notes/${encodeURIComponent(number)}`, headers: bearer(stranger.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/order/${placed.orderId}/credit-notes/MTHC-99-00-999`, headers: bearer(buyer.token) })).statusCode).toBe(404);
  });

  it("splits the tax into CGST and SGST within the shop's state, and spreads the ₹150 discount over the lines", async () => {
    const buyer = await createCustomer(t);
    const telangana = { ...testAddress, state: "Telangana", city: "Hyderabad", pincode: "500001" };
    await paidOrder(buyer, telangana); // the month's first
    const { placed } = await paidOrder(buyer, telangana); // the second: ₹150 off
    expect(placed.discountApplied).toBe(true);
    const pdf = (await t.app.inject({ url: `/api/order/${placed.orderId}/invoice`, headers: bearer(buyer.token) })).rawPayload;
    if (process.env.KEEP_INVOICE_PDF) writeFileSync(process.env.KEEP_INVOICE_PDF, pdf);
    const text = layoutText(pdf);
    expect(text).toMatch(/CGST: Rs\. [\d,]+\.\d\d\s+SGST: Rs\. [\d,]+\.\d\d/);
    expect(text).not.toContain("IGST");
    expect(text).toContain(`Total paid: Rs. ${new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2 }).format(placed.amount / 100)}`);
    // The discount column adds up to ₹150.
    expect(text).toMatch(/Total\s+150\.00/);
    expect(text).toMatch(/Description\s+HSN\s+Qty \(kg\)\s+Rate\s+GST\s+Discount\s+Taxable value\s+CGST\s+SGST\s+Amount/);
  });
});
