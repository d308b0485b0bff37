import { and, eq } from "@mithai/db/sql";
import { orderStatusChanges, orders, refunds, users } from "@mithai/db/schema";
import { formatRupees, orderNumberOf, paiseToRupees } from "@mithai/schema";
import type { ApiDeps } from "../../context";
import type { OutboxRow } from "../../mail/outbox";

/**
 * The shop's WhatsApp templates. The Cloud API sends only templates the shop had approved by Meta, by name
 * (WHATSAPP_TEMPLATE_*), in one language (WHATSAPP_TEMPLATE_LANGUAGE), with the variable parts as parameters; `body`
 * is the text to register for each (docs/configuration.md lists them), and what the sandbox shows with the parameters
 * filled in.
 */
export const WHATSAPP_TEMPLATES = {
  receipt: {
    name: "order_receipt",
    body: "Hi {{1}}, thank you for your order {{2}} of {{3}}. We have received your payment and will message you here when it is on its way.",
  },
  status: { name: "order_status", body: "Hi {{1}}, your order {{2}} {{3}}." },
  cancelled: {
    name: "order_cancelled",
    body: "Hi {{1}}, your order {{2}} has been cancelled. If you paid for it, the money goes back to your payment method; we will message you when the refund is processed.",
  },
  refund: {
    name: "refund_processed",
    body: "Hi {{1}}, we have refunded {{2}} for your order {{3}}. Banks usually show it within 5–7 working days.",
  },
} as const satisfies Record<string, { name: string; body: string }>;

export type WhatsappTemplateKey = keyof typeof WHATSAPP_TEMPLATES;
export type WhatsappTemplateNames = Record<WhatsappTemplateKey, string>;

export const DEFAULT_WHATSAPP_TEMPLATE_NAMES = Object.fromEntries(
  Object.entries(WHATSAPP_TEMPLATES).map(([key, template]) => [key, template.name]),
) as WhatsappTemplateNames;

export const DEFAULT_WHATSAPP_LANGUAGE = "en";

/** One template message to one mobile, as the Cloud API takes it (name, language, body parameters) and as read. */
export interface WhatsappMessage {
  /** `+91` and 10 digits. */
  to: string;
  template: string;
  language: string;
  parameters: string[];
  /** The template's body with the parameters filled in. */
  text: string;
}

/** What a status change tells, for the statuses a customer hears about (orders/status-history.ts NOTIFIED_STATUSES). */
const STATUS_WORDS: Record<string, string> = { "Out for delivery": "is out for delivery", Delivered: "has been delivered" };

/** The template and its parameters for an outbox row, read from what it is about; null when that is gone. */
async function templateFor(db: ApiDeps["db"], row: OutboxRow): Promise<{ key: WhatsappTemplateKey; parameters: string[] } | null> {
  if (!row.subjectId) return null;
  switch (row.kind) {
    case "order-receipt": {
      const [found] = await db
        .select({ id: orders.id, amountPaise: orders.amountPaise, name: users.name })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, row.subjectId));
      return found ? { key: "receipt", parameters: [found.name, orderNumberOf(found.id), rupees(found.amountPaise)] } : null;
    }
    case "order-status": {
      const [found] = await db
        .select({ status: orderStatusChanges.status, orderId: orders.id, name: users.name })
        .from(orderStatusChanges)
        .innerJoin(orders, eq(orders.id, orderStatusChanges.orderId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orderStatusChanges.id, row.subjectId));
      if (!found) return null;
      const number = orderNumberOf(found.orderId);
      if (found.status === "Cancelled") return { key: "cancelled", parameters: [found.name, number] };
      const words = STATUS_WORDS[found.status];
      return words ? { key: "status", parameters: [found.name, number, words] } : null;
    }
    case "refund-processed": {
      const [found] = await db
        .select({ amountPaise: refunds.amountPaise, orderId: orders.id, name: users.name })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(eq(refunds.id, row.subjectId), eq(refunds.status, "processed")));
      return found ? { key: "refund", parameters: [found.name, rupees(found.amountPaise), orderNumberOf(found.orderId)] } : null;
    }
    case "password-reset":
    case "health-alert":
      return null;
    default:
      return unknownKind(row.kind);
  }
}

function unknownKind(kind: never): never {
  throw new Error(`no WhatsApp template for ${String(kind)}`);
}

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

/**
 * The Cloud API refuses parameters with new lines, tabs or more than four spaces in a row: a name typed with them is
 * sent on one line.
 */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The row's WhatsApp message, rendered when it is sent; null when there is nothing to send. */
export async function renderWhatsappMessage(deps: Pick<ApiDeps, "db" | "config">, row: OutboxRow): Promise<WhatsappMessage | null> {
  const found = await templateFor(deps.db, row);
  if (!found) return null;
  const parameters = found.parameters.map(oneLine);
  return {
    to: row.recipient,
    template: deps.config.whatsapp.templates[found.key],
    language: deps.config.whatsapp.language,
    parameters,
    text: fillTemplate(WHATSAPP_TEMPLATES[found.key].body, parameters),
  };
}

/** `{{n}}` in a template's body replaced by the n-th parameter. */
export function fillTemplate(body: string, parameters: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (placeholder, n: string) => parameters[Number(n) - 1] ?? placeholder);
}
