import { and, eq } from "@mithai/db/sql";
import { creditNotes, invoices, orders, refunds, users } from "@mithai/db/schema";
import { DEFAULT_GST_RATE, DEFAULT_HSN, orderNumberOf } from "@mithai/schema";
import type { InvoiceDocumentData, Language } from "@mithai/schema";
import type { ApiDeps, AuthSession, SupplierConfig } from "../context";
import { isAdmin } from "../auth/guards";
import { AppError } from "../errors";
import { apportion, invoiceFigures, rupeesInWords, stateCodeOf, stateKey, type InvoiceFigures } from "./tax";

/** What the tax invoice says, in the terms of the GST rules on invoices (rule 46). */
export interface InvoiceDocument {
  title: InvoiceDocumentData["title"];
  /** A credit note names the invoice it corrects and why (a refund). */
  reference?: { invoiceNumber: string; invoiceDate: Date; reason: string };
  number: string;
  date: Date;
  orderNumber: string;
  supplier: SupplierConfig & { stateCode: string | null };
  recipient: { name: string; address: string; state: string; stateCode: string | null };
  placeOfSupply: string;
  figures: InvoiceFigures;
  intraState: boolean;
  amountInWords: string;
  /** The customer's language (the account's): the headings' second language. Not part of the JSON answer. */
  language: Language;
}

const notFound = () => new AppError("NOT_FOUND", "No invoice found for this order");

type OrderRow = typeof orders.$inferSelect;

/** The order and its invoice row, for its customer or an admin; anyone else gets 404 (never telling whether it exists). */
async function documentOrder(deps: Pick<ApiDeps, "db">, auth: AuthSession | null, orderId: string) {
  if (!auth || !/^[0-9a-f-]{36}$/i.test(orderId)) throw notFound();
  const [found] = await deps.db
    .select({ order: orders, invoice: invoices, language: users.language })
    .from(orders)
    .innerJoin(invoices, eq(invoices.orderId, orders.id))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), (await isAdmin(deps, auth)) ? undefined : eq(orders.userId, auth.userId)));
  if (!found) throw notFound();
  return found;
}

/** Services Accounting Code of courier services: the delivery line's code on invoices. */
const DELIVERY_SAC = "996813";

/** The invoice's figures and parties for an order (the credit notes reuse them). */
function invoiceOf(order: OrderRow, invoice: typeof invoices.$inferSelect, supplier: SupplierConfig, language: Language): InvoiceDocument {
  const registered = Boolean(supplier.gstin);
  const intraState = stateKey(order.address.state) === stateKey(supplier.state);
  const figures = invoiceFigures(
    [
      ...order.items.map((item) => ({
        name: item.name,
        hsn: item.hsn ?? DEFAULT_HSN,
        gstRate: item.gstRate ?? DEFAULT_GST_RATE,
        quantity: item.quantity,
        unitPricePaise: item.unitPricePaise,
      })),
      // Delivery is its own line (courier services, SAC 996813), taxed as the sweets it carries (a composite supply).
      ...(order.deliveryChargePaise > 0
        ? [
            {
              name: `Delivery${order.deliveryZone ? ` (${order.deliveryZone})` : ""}`,
              hsn: DELIVERY_SAC,
              gstRate: Math.max(...order.items.map((item) => item.gstRate ?? DEFAULT_GST_RATE)),
              quantity: 1,
              unitPricePaise: order.deliveryChargePaise,
              discountable: false,
            },
          ]
        : []),
    ],
    order.discountPaise,
    { intraState, registered },
  );
  // Never issue a document that does not reconcile with the money taken.
  if (figures.totals.totalPaise !== order.amountPaise) throw new Error(`invoice of order ${order.id} does not add up to the amount paid`);
  const a = order.address;
  const recipientCode = stateCodeOf(a.state);
  return {
    title: registered ? "Tax invoice" : "Bill of supply",
    number: invoice.number,
    date: invoice.issuedAt,
    orderNumber: orderNumberOf(order.id),
    supplier: { ...supplier, stateCode: stateCodeOf(supplier.state) },
    recipient: { name: a.fullName, address: `${a.street}, ${a.city} ${a.pincode}, ${a.country}`, state: a.state, stateCode: recipientCode },
    placeOfSupply: `${a.state}${recipientCode ? ` (${recipientCode})` : ""}`,
    figures,
    intraState,
    amountInWords: rupeesInWords(order.amountPaise),
    language,
  };
}

/** The tax invoice (or bill of supply) of a paid order. */
export async function invoiceDocument(deps: Pick<ApiDeps, "db" | "config">, auth: AuthSession | null, orderId: string): Promise<InvoiceDocument> {
  const { order, invoice, language } = await documentOrder(deps, auth, orderId);
  return invoiceOf(order, invoice, deps.config.supplier, language);
}

/**
 * A processed refund's credit note: the refunded amount spread over the invoice's lines in proportion to their
 * value, each share split into taxable value and tax at the line's rate, as the invoice did.
 */
export async function creditNoteDocument(deps: Pick<ApiDeps, "db" | "config">, auth: AuthSession | null, orderId: string, number: string): Promise<InvoiceDocument> {
  const { order, invoice, language } = await documentOrder(deps, auth, orderId);
  const [note] = await deps.db
    .select({ note: creditNotes, refund: refunds })
    .from(creditNotes)
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .where(and(eq(creditNotes.orderId, order.id), eq(creditNotes.number, number)));
  if (!note) throw new AppError("NOT_FOUND", "No such credit note for this order");
  const base = invoiceOf(order, invoice, deps.config.supplier, language);
  const shares = apportion(note.refund.amountPaise, base.figures.lines.map((line) => line.valuePaise));
  const figures = invoiceFigures(
    base.figures.lines
      .map((line, i) => ({ name: line.name, hsn: line.hsn, gstRate: line.gstRate, quantity: 1, unitPricePaise: shares[i]! }))
      .filter((line) => line.unitPricePaise > 0),
    0,
    { intraState: base.intraState, registered: base.title === "Tax invoice" },
  );
  return {
    ...base,
    title: "Credit note",
    number: note.note.number,
    date: note.note.issuedAt,
    reference: { invoiceNumber: invoice.number, invoiceDate: invoice.issuedAt, reason: creditNoteReason(note.refund) },
    figures,
    amountInWords: rupeesInWords(note.refund.amountPaise),
  };
}

/** Why the money went back, and the clawback kept back from it when there was one (DECISIONS "The order's life"). */
function creditNoteReason(refund: { reason: string; clawbackPaise: number }): string {
  if (refund.clawbackPaise <= 0) return refund.reason;
  return `${refund.reason}; Rs. ${(refund.clawbackPaise / 100).toFixed(2)} kept back because a later discounted order of the month relied on this one (clawback)`;
}

/** The document for a JSON answer (tRPC, its contract `invoiceDocumentSchema`): dates as ISO strings. */
export function invoiceDocumentData(doc: InvoiceDocument): InvoiceDocumentData {
  const { date, reference, language: _headingsLanguage, ...rest } = doc;
  return {
    ...rest,
    date: date.toISOString(),
    ...(reference ? { reference: { ...reference, invoiceDate: reference.invoiceDate.toISOString() } } : {}),
  };
}
