import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { creditNotes, orderStatusChanges, refunds, users } from "@mithai/db/schema";
import { createTestDb, insertTestFoodItems } from "@mithai/db/testing";
import type { Language, MailKind } from "@mithai/schema";
import { orderNumberOf } from "@mithai/schema";
import { insertPendingOrder, silentLog, TEST_CONFIG } from "../testing";
import { MAIL_RENDERERS } from "./kinds";
import type { MailMessage } from "./mailer";
import type { OutboxRow } from "./outbox";
import { MAIL_STRINGS } from "./strings";

/**
 * Every kind of customer mail, rendered by the outbox's own renderers for accounts that read English, Hindi and
 * Telugu (issue 28): the translated subject, no English sentence left in Hindi or Telugu, English as it was.
 */
let database: DbHandle;
let itemId: string;

/** What the customer typed, in the script they read: kept as written in every mail. */
const CUSTOMERS: Record<Language, { name: string; street: string; city: string; state: string; reason: string }> = {
  en: { name: "Asha Rao", street: "9 Lake Road", city: "Kolkata", state: "West Bengal", reason: "One box arrived crushed" },
  hi: { name: "आशा राव", street: "१२ महात्मा गांधी मार्ग", city: "नई दिल्ली", state: "दिल्ली", reason: "एक डिब्बा टूटा हुआ पहुँचा" },
  te: { name: "రాధిక శర్మ", street: "౩ సరోజినీ నాయుడు మార్గ్", city: "హైదరాబాద్", state: "తెలంగాణ", reason: "ఒక డబ్బా నలిగి వచ్చింది" },
};

/** The mails of one customer reading `language`: receipt, each status mail, the refund (with a credit note) and a reset. */
async function mailsIn(language: Language): Promise<{ kind: MailKind | "order-status:Delivered" | "order-status:Cancelled"; mail: MailMessage; order: string }[]> {
  const who = CUSTOMERS[language];
  const email = `mail-${language}-${randomUUID().slice(0, 8)}@example.in`;
  const [user] = await database.db.insert(users).values({ name: who.name, email, passwordHash: "x", language }).returning({ id: users.id });
  const order = await insertPendingOrder(database.db, user!.id, itemId, 2, {
    paymentStatus: "paid",
    status: "Order Recieved",
    paidAt: new Date(),
    paymentId: `pay_${language}1`,
    items: [{ foodItemId: itemId, name: "Kaju Katli", quantity: 2, unitPricePaise: 58_050, image: "k.webp" }],
    subtotalPaise: 116_100,
    discountPaise: 15_000,
    amountPaise: 101_100,
    address: { fullName: who.name, email, street: who.street, city: who.city, state: who.state, pincode: "500001", country: "India", mobile: "9876543210" },
  });
  const changes = await database.db
    .insert(orderStatusChanges)
    .values((["Out for delivery", "Delivered", "Cancelled"] as const).map((status) => ({ orderId: order.id, status })))
    .returning({ id: orderStatusChanges.id, status: orderStatusChanges.status });
  const [refund] = await database.db
    .insert(refunds)
    .values({ orderId: order.id, paymentId: `pay_${language}1`, amountPaise: 128_050, reason: who.reason, status: "processed", clawbackPaise: 15_000 })
    .returning({ id: refunds.id });
  const serial = ["en", "hi", "te"].indexOf(language) + 1;
  await database.db.insert(creditNotes).values({ orderId: order.id, refundId: refund!.id, number: `MTHC/26-27/${serial}`, financialYear: "26-27", serial, issuedAt: new Date() });
  const render = async (kind: MailKind, subjectId: string | null) => {
    const row = { id: randomUUID(), kind, subjectId, recipient: email } as OutboxRow;
    const mail = await MAIL_RENDERERS[kind]({ db: database.db, config: TEST_CONFIG, log: silentLog, mailer: { async send() {}, async close() {} } }, row);
    if (!mail) throw new Error(`no ${kind} mail`);
    return mail;
  };
  const change = (status: string) => changes.find((c) => c.status === status)!.id;
  return [
    { kind: "order-receipt", mail: await render("order-receipt", order.id), order: orderNumberOf(order.id) },
    { kind: "order-status", mail: await render("order-status", change("Out for delivery")), order: orderNumberOf(order.id) },
    { kind: "order-status:Delivered", mail: await render("order-status", change("Delivered")), order: orderNumberOf(order.id) },
    { kind: "order-status:Cancelled", mail: await render("order-status", change("Cancelled")), order: orderNumberOf(order.id) },
    { kind: "refund-processed", mail: await render("refund-processed", refund!.id), order: orderNumberOf(order.id) },
    { kind: "password-reset", mail: await render("password-reset", null), order: orderNumberOf(order.id) },
  ];
}

/** Three Latin words in a row: a sentence (or most of one) in English. Links are left out; names like "Kaju Katli" are two words. */
const englishSentence = /[A-Za-z]{2,}[\s,.:;()!-]+[A-Za-z]{2,}[\s,.:;()!-]+[A-Za-z]{2,}/;
const withoutLinks = (text: string) => text.replace(/https?:\/\/\S+/g, "");
const htmlText = (html: string) => html.replace(/<style[\s\S]*?<\/style>/g, "").replace(/<[^>]+>/g, " ");

beforeAll(async () => {
  database = await createTestDb();
  [itemId] = (await insertTestFoodItems(database.db, 1)) as [string];
});
afterAll(() => database.close());

describe("mails in the customer's language (issue 28)", () => {
  it.each(["hi", "te"] as const)("renders every customer mail in %s: translated subject and greeting, no English sentence", async (language) => {
    const strings = MAIL_STRINGS[language];
    const mails = await mailsIn(language);
    const subjects = Object.fromEntries(mails.map(({ kind, mail }) => [kind, mail.subject]));
    const order = mails[0]!.order;
    expect(subjects).toEqual({
      "order-receipt": strings.receipt.subject("Mithai", order),
      "order-status": `Mithai: ${strings.status.headlines["Out for delivery"].subject(order)}`,
      "order-status:Delivered": `Mithai: ${strings.status.headlines.Delivered.subject(order)}`,
      "order-status:Cancelled": `Mithai: ${strings.status.headlines.Cancelled.subject(order)}`,
      "refund-processed": strings.refund.subject("Mithai", "₹1,280.50", order),
      "password-reset": strings.reset.subject("Mithai"),
    });
    for (const { kind, mail } of mails) {
      for (const body of [mail.subject, withoutLinks(mail.text), withoutLinks(htmlText(mail.html))]) {
        expect(body, `${kind} in ${language}`).not.toMatch(englishSentence);
      }
      expect(mail.html).toContain(`<html lang="${language}">`);
      if (kind !== "order-receipt") expect(mail.text).toContain(strings.greeting(CUSTOMERS[language].name));
    }
    const text = (kind: string) => mails.find((m) => m.kind === kind)!.mail.text;
    // Money through Intl in the language's locale (Indian grouping), weights and status names in the language.
    expect(text("order-receipt")).toContain(`Kaju Katli × ${strings.kg("2")}: ₹1,161`);
    expect(text("order-receipt")).toContain(strings.receipt.paid("₹1,011", `pay_${language}1`));
    expect(text("order-status")).toContain(strings.status.statusLine(strings.statusNames["Out for delivery"]));
    expect(text("refund-processed")).toContain(strings.refund.refunded("₹1,280.50", order, CUSTOMERS[language].reason));
    expect(text("refund-processed")).toContain(strings.refund.clawback("₹150"));
  });

  it("keeps the English mails as they were", async () => {
    const mails = await mailsIn("en");
    const byKind = Object.fromEntries(mails.map(({ kind, mail }) => [kind, mail]));
    const order = mails[0]!.order;
    expect(byKind["order-receipt"]!.subject).toBe(`Mithai: order ${order} confirmed`);
    expect(byKind["order-receipt"]!.text).toContain(`Thank you, Asha Rao! We have received your payment and your order ${order} is confirmed.`);
    expect(byKind["order-receipt"]!.text).toContain("Subtotal: ₹1,161\nDiscount (2nd order this month): -₹150\nDelivery: Free\nPaid: ₹1,011 (payment pay_en1)");
    expect(byKind["order-status"]!.subject).toBe(`Mithai: order ${order} is out for delivery`);
    expect(byKind["order-status"]!.text).toContain(`Namaste Asha Rao,\n\nYour order ${order} has left our kitchen and is on its way to you.\n\nStatus: Out for delivery`);
    expect(byKind["order-status:Cancelled"]!.subject).toBe(`Mithai: order ${order} has been cancelled`);
    expect(byKind["refund-processed"]!.subject).toBe(`Mithai: ₹1,280.50 refunded for order ${order}`);
    expect(byKind["refund-processed"]!.text).toContain(`We have refunded ₹1,280.50 for your order ${order} (One box arrived crushed).`);
    expect(byKind["password-reset"]!.subject).toBe("Reset your Mithai password");
    expect(byKind["password-reset"]!.html).toContain('<html lang="en">');
    expect(byKind["password-reset"]!.text).toContain("If you did not ask for this, you can ignore this e-mail: your password stays as it is.");
    expect(MAIL_STRINGS.en.statusNames["Order Recieved"]).toBe("Order received");
  });
});
