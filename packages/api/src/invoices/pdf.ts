import { SHOP_TIME_ZONE } from "@mithai/schema";
import { startPdf, heightOfText, writeText, type TextOptions } from "../pdf/text";
import type { InvoiceDocument } from "./document";
import { documentHeading, translatedHeading, type DocumentHeading } from "./headings";
import type { InvoiceFigures, InvoiceLine } from "./tax";

/** The printed layout of an invoice or credit note (document.ts says what is on it). */

const twoDecimals = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Money on the document: "1,28,000.50", Indian grouping (the columns say "Rs."). */
const money = (paise: number) => twoDecimals.format(paise / 100);

const shopDate = (date: Date) => date.toLocaleDateString("en-IN", { timeZone: SHOP_TIME_ZONE, day: "2-digit", month: "short", year: "numeric" });

/**
 * The invoice as an A4 PDF (pdfkit: a small, well-kept library that writes PDFs directly, no browser needed), in
 * Noto fonts so a name or an address in any Indian script prints (pdf/text.ts), with its headings in English and
 * the customer's language.
 */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const { pdf, done } = await startPdf({ size: "A4", margin: 40, info: { Title: `${doc.title} ${doc.number}`, Author: doc.supplier.legalName } });
  const text = (value: string, x?: number, y?: number, options?: TextOptions) => writeText(pdf, value, x, y, options);
  const h = (heading: DocumentHeading) => documentHeading(heading, doc.language);
  // A credit note carries tax exactly when its invoice did.
  const registered = doc.title === "Tax invoice" || (doc.title === "Credit note" && Boolean(doc.supplier.gstin));
  const { supplier, recipient, figures } = doc;

  pdf.fontSize(18).fillColor("#7a1f2b");
  text(doc.title.toUpperCase(), 300, 40, { align: "right", width: 255, bold: true });
  const translatedTitle = translatedHeading(doc.title, doc.language);
  if (translatedTitle) text(translatedTitle, 300, undefined, { align: "right", width: 255, bold: true });
  const titleEnd = pdf.y;
  pdf.fillColor("#000").fontSize(12);
  text(supplier.legalName, 40, 40, { width: 255, bold: true });
  pdf.fontSize(9);
  if (supplier.address) text(supplier.address, 40, undefined, { width: 255 });
  text(`State: ${supplier.state}${supplier.stateCode ? ` (code ${supplier.stateCode})` : ""}`, 40);
  text(registered ? `GSTIN: ${supplier.gstin}` : "Not registered for GST", 40);
  pdf.y = Math.max(pdf.y, titleEnd);
  pdf.moveDown();

  const top = pdf.y;
  const noun = doc.reference ? "Credit note" : "Invoice";
  text(h(`${noun} number`), 40, top, { width: 240, bold: true });
  text(doc.number, 40);
  text(h(`${noun} date`), 40, undefined, { width: 240, bold: true });
  text(shopDate(doc.date), 40);
  text(h("Order"), 40, undefined, { width: 240, bold: true });
  text(doc.orderNumber, 40);
  const leftEnd = pdf.y;
  const right = { width: 255 };
  text(h("Billed and shipped to"), 300, top, { ...right, bold: true });
  text(recipient.name, 300, undefined, right);
  text(recipient.address, 300, undefined, right);
  text(`${h("State")}: ${recipient.state}${recipient.stateCode ? ` (code ${recipient.stateCode})` : ""}`, 300, undefined, right);
  text(`${h("Place of supply")}: ${doc.placeOfSupply}`, 300, undefined, right);
  text(`${h("Reverse charge")}: No`, 300, undefined, right);
  pdf.y = Math.max(pdf.y, leftEnd);
  pdf.moveDown(1.5);

  if (doc.reference) {
    pdf.fontSize(9);
    text(`Against invoice ${doc.reference.invoiceNumber} of ${shopDate(doc.reference.invoiceDate)}`, 40, undefined, { bold: true });
    text(`Reason: refund (${doc.reference.reason})`, 40);
    pdf.moveDown(0.5);
  }
  pdf.fontSize(8).fillColor("#555555");
  text("All amounts in rupees (Rs.); rates are per kg, GST included.", 40);
  pdf.fillColor("#000000");
  pdf.moveDown(0.5);
  // The lines: description, HSN, kg, rate (per kg, GST included), GST rate, discount, taxable value, tax, amount.
  // A credit note lists each line's share of the refund: description, HSN, GST rate, taxable value, tax, amount.
  type Column = { header: string; width: number; cell: (line: InvoiceLine) => string; total?: (totals: InvoiceFigures["totals"]) => string };
  const isCredit = doc.title === "Credit note";
  const taxColumns: Column[] = !registered
    ? []
    : doc.intraState
      ? [
          { header: "CGST", width: 45, cell: (l) => money(l.cgstPaise), total: (t) => money(t.cgstPaise) },
          { header: "SGST", width: 45, cell: (l) => money(l.sgstPaise), total: (t) => money(t.sgstPaise) },
        ]
      : [{ header: "IGST", width: 55, cell: (l) => money(l.igstPaise), total: (t) => money(t.igstPaise) }];
  const columns: Column[] = [
    { header: "Description", width: 0, cell: (l) => l.name },
    { header: "HSN", width: 50, cell: (l) => l.hsn },
    ...(isCredit
      ? []
      : [
          { header: "Qty (kg)", width: 42, cell: (l: InvoiceLine) => String(l.quantity) },
          { header: "Rate", width: 50, cell: (l: InvoiceLine) => money(l.unitPricePaise) },
        ]),
    ...(registered ? [{ header: "GST", width: 35, cell: (l: InvoiceLine) => `${l.gstRate}%` }] : []),
    ...(isCredit ? [] : [{ header: "Discount", width: 45, cell: (l: InvoiceLine) => money(l.discountPaise), total: (t: InvoiceFigures["totals"]) => money(t.discountPaise) }]),
    ...(registered ? [{ header: "Taxable value", width: 60, cell: (l: InvoiceLine) => money(l.taxablePaise), total: (t: InvoiceFigures["totals"]) => money(t.taxablePaise) }] : []),
    ...taxColumns,
    { header: "Amount", width: 55, cell: (l) => money(l.valuePaise), total: (t) => money(t.totalPaise) },
  ];
  // The description takes what the other columns leave of the page's 515 points.
  columns[0]!.width = 515 - columns.slice(1).reduce((sum, column) => sum + column.width, 0);
  let y = pdf.y;
  const row = (cells: string[], bold = false) => {
    let x = 40;
    pdf.fontSize(8);
    const heights = cells.map((cell, i) => heightOfText(pdf, cell, { width: columns[i]!.width - 4, bold }));
    cells.forEach((cell, i) => {
      text(cell, x + 2, y, { width: columns[i]!.width - 4, align: i === 0 ? "left" : "right", bold });
      x += columns[i]!.width;
    });
    y += Math.max(...heights) + 6;
    pdf.moveTo(40, y - 3).lineTo(555, y - 3).strokeColor("#dddddd").stroke();
  };
  row(columns.map((column) => column.header), true);
  for (const line of figures.lines) row(columns.map((column) => column.cell(line)));
  const t = figures.totals;
  row(columns.map((column, i) => (i === 0 ? "Total" : column.total ? column.total(t) : "")), true);

  pdf.y = y + 6;
  pdf.fontSize(9);
  if (registered) {
    text(`Taxable value: Rs. ${money(t.taxablePaise)}`, 40);
    // Half the rate each: CGST and SGST within the state; IGST at the full rate across states.
    if (doc.intraState) text(`CGST: Rs. ${money(t.cgstPaise)}   SGST: Rs. ${money(t.sgstPaise)}`, 40);
    else text(`IGST: Rs. ${money(t.igstPaise)}`, 40);
  }
  pdf.fontSize(11);
  text(`${h(doc.reference ? "Total refunded" : "Total paid")}: Rs. ${money(t.totalPaise)}`, 40, undefined, { bold: true });
  pdf.fontSize(9);
  text(`${h("Amount in words")}: ${doc.amountInWords}`, 40);
  pdf.moveDown();
  pdf.fillColor("#555555");
  text(
    registered
      ? doc.reference
        ? "The refund is spread over the invoice's lines in proportion to their value; each share carries its line's GST."
        : "Prices include GST. Any discount is spread over the lines in proportion to their value before tax is worked out."
      : "Bill of supply: the supplier is not registered for GST, so no tax is charged separately.",
    40,
  );
  text("This is a computer-generated document and needs no signature.", 40);
  pdf.end();
  return done;
}
