import { randomBytes } from "node:crypto";
import { and, asc, desc, eq } from "@mithai/db/sql";
import type { Db } from "@mithai/db/client";
import { sandboxGatewayOrders, sandboxGatewayPayments, sandboxGatewayRefunds } from "@mithai/db/schema";
import type { SandboxOrderInput, SandboxPaymentMethod, SandboxRefundInput, SandboxRefundListQuery } from "@mithai/schema";
import type { PaymentsConfig } from "../context";
import { AppError } from "../errors";
import { signPayment, signWebhook } from "./signatures";

/**
 * The Razorpay-compatible fake behind sandbox mode: the shape of its answers follows Razorpay's API
 * (entity, amount in paise, unix seconds), because the real SDK reads them.
 */
type SandboxOrderRow = typeof sandboxGatewayOrders.$inferSelect;
type SandboxPaymentRow = typeof sandboxGatewayPayments.$inferSelect;

function providerId(prefix: "order" | "pay" | "evt" | "rfnd"): string {
  return `${prefix}_${randomBytes(10).toString("base64url").replace(/[-_]/g, "x")}`;
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export interface RazorpayOrderEntity {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: string;
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface RazorpayPaymentEntity {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: string;
  order_id: string;
  method: string;
  captured: boolean;
  created_at: number;
}

function orderEntity(row: SandboxOrderRow, payments: SandboxPaymentRow[]): RazorpayOrderEntity {
  const paid = payments.filter((p) => p.status === "captured").reduce((sum, p) => sum + p.amountPaise, 0);
  return {
    id: row.id,
    entity: "order",
    amount: row.amountPaise,
    amount_paid: paid,
    amount_due: row.amountPaise - paid,
    currency: row.currency,
    receipt: row.receipt,
    status: row.status,
    attempts: payments.length,
    notes: row.notes,
    created_at: unixSeconds(row.createdAt),
  };
}

function paymentEntity(row: SandboxPaymentRow, currency: string): RazorpayPaymentEntity {
  return {
    id: row.id,
    entity: "payment",
    amount: row.amountPaise,
    currency,
    status: row.status,
    order_id: row.orderId,
    method: row.method,
    captured: row.status === "captured",
    created_at: unixSeconds(row.createdAt),
  };
}

/** Razorpay's "create order" (the input checked by sandboxOrderInputSchema). */
export async function createSandboxOrder(db: Db, { amount, currency, receipt, notes }: SandboxOrderInput): Promise<RazorpayOrderEntity> {
  const [row] = await db
    .insert(sandboxGatewayOrders)
    .values({ id: providerId("order"), amountPaise: amount, currency, receipt: receipt ?? null, notes })
    .returning();
  return orderEntity(row!, []);
}

async function findOrder(db: Db, id: string): Promise<{ order: SandboxOrderRow; payments: SandboxPaymentRow[] }> {
  const [order] = await db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.id, id)).limit(1);
  if (!order) throw new AppError("NOT_FOUND", "The id provided does not exist");
  const payments = await db
    .select()
    .from(sandboxGatewayPayments)
    .where(eq(sandboxGatewayPayments.orderId, id))
    .orderBy(asc(sandboxGatewayPayments.createdAt));
  return { order, payments };
}

export async function fetchSandboxOrder(db: Db, id: string): Promise<RazorpayOrderEntity> {
  const { order, payments } = await findOrder(db, id);
  return orderEntity(order, payments);
}

export async function fetchSandboxOrderPayments(
  db: Db,
  id: string,
): Promise<{ entity: "collection"; count: number; items: RazorpayPaymentEntity[] }> {
  const { order, payments } = await findOrder(db, id);
  const items = payments.map((p) => paymentEntity(p, order.currency));
  return { entity: "collection", count: items.length, items };
}

/** What the fake checkout hands back: the browser's answer, and the webhook Razorpay would send. */
export interface SandboxPaymentOutcome {
  paid: boolean;
  payment: RazorpayPaymentEntity;
  /** Present when paid: exactly what Razorpay's checkout gives the page's handler. */
  checkoutResponse?: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  webhook: { body: string; signature: string; eventId: string };
}

/** The customer pays (or fails to pay) a sandbox order in the test-mode window. */
export async function paySandboxOrder(
  db: Db,
  payments: PaymentsConfig,
  input: { orderId: string; method: SandboxPaymentMethod; succeed: boolean },
  now = new Date(),
): Promise<SandboxPaymentOutcome> {
  const { webhookSecret } = payments;
  // Sandbox mode always has one (given or generated per installation); the fake never signs without it.
  if (!webhookSecret) throw new AppError("NOT_CONFIGURED", "Sandbox payments are not configured");
  const { order, payments: earlier } = await findOrder(db, input.orderId);
  if (earlier.some((p) => p.status === "captured")) throw new AppError("TRANSITION_NOT_ALLOWED", "This order has already been paid");
  const status = input.succeed ? "captured" : "failed";
  const [row] = await db
    .insert(sandboxGatewayPayments)
    .values({ id: providerId("pay"), orderId: order.id, amountPaise: order.amountPaise, status, method: input.method, createdAt: now })
    .returning();
  if (input.succeed) await db.update(sandboxGatewayOrders).set({ status: "paid" }).where(eq(sandboxGatewayOrders.id, order.id));

  const payment = paymentEntity(row!, order.currency);
  const event = input.succeed ? "order.paid" : "payment.failed";
  const contains = input.succeed ? { payment: { entity: payment }, order: { entity: orderEntity({ ...order, status: "paid" }, [row!]) } } : { payment: { entity: payment } };
  const body = JSON.stringify({
    entity: "event",
    account_id: "acc_sandbox",
    event,
    contains: Object.keys(contains),
    payload: contains,
    created_at: unixSeconds(now),
  });
  return {
    paid: input.succeed,
    payment,
    checkoutResponse: input.succeed
      ? { razorpay_order_id: order.id, razorpay_payment_id: payment.id, razorpay_signature: signPayment(order.id, payment.id, payments.keySecret) }
      : undefined,
    webhook: { body, signature: signWebhook(body, webhookSecret), eventId: providerId("evt") },
  };
}

export interface RazorpayRefundEntity {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  status: "pending" | "processed" | "failed";
  speed_requested: "normal";
  created_at: number;
}

type SandboxRefundRow = typeof sandboxGatewayRefunds.$inferSelect;

function refundEntity(row: SandboxRefundRow): RazorpayRefundEntity {
  return {
    id: row.id,
    entity: "refund",
    amount: row.amountPaise,
    currency: "INR",
    payment_id: row.paymentId,
    notes: row.notes,
    receipt: row.notes.receipt ?? null,
    status: row.status as RazorpayRefundEntity["status"],
    speed_requested: "normal",
    created_at: unixSeconds(row.createdAt),
  };
}

/** A signed `refund.*` event, as Razorpay sends it. */
function refundWebhook(payments: PaymentsConfig, event: string, refund: RazorpayRefundEntity, now: Date): SandboxPaymentOutcome["webhook"] {
  const body = JSON.stringify({
    entity: "event",
    account_id: "acc_sandbox",
    event,
    contains: ["refund"],
    payload: { refund: { entity: refund } },
    created_at: unixSeconds(now),
  });
  return { body, signature: signWebhook(body, payments.webhookSecret!), eventId: providerId("evt") };
}

/**
 * Razorpay's "refund a payment": a captured payment gets back at most what is left of it (Razorpay's rule). The
 * refund starts pending and is settled later by `settleSandboxRefund` (processed, or failed when the sandbox is
 * told to fail refunds), each step announced by a signed webhook.
 */
export async function createSandboxRefund(
  db: Db,
  payments: PaymentsConfig,
  paymentId: string,
  input: SandboxRefundInput,
  now = new Date(),
): Promise<{ refund: RazorpayRefundEntity; webhook: SandboxPaymentOutcome["webhook"] }> {
  if (!payments.webhookSecret) throw new AppError("NOT_CONFIGURED", "Sandbox payments are not configured");
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(sandboxGatewayPayments).where(eq(sandboxGatewayPayments.id, paymentId)).for("update");
    if (!payment) throw new AppError("NOT_FOUND", "The id provided does not exist");
    if (payment.status !== "captured") throw new AppError("VALIDATION", "The payment has not been captured");
    const earlier = await tx.select().from(sandboxGatewayRefunds).where(eq(sandboxGatewayRefunds.paymentId, paymentId));
    const left = payment.amountPaise - earlier.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amountPaise, 0);
    const amount = input.amount ?? left;
    if (amount > left || left <= 0) throw new AppError("VALIDATION", "The refund amount provided is greater than amount captured");
    const notes = { ...input.notes, ...(input.receipt ? { receipt: input.receipt } : {}) };
    const [row] = await tx
      .insert(sandboxGatewayRefunds)
      .values({ id: providerId("rfnd"), paymentId, amountPaise: amount, status: "pending", notes, createdAt: now })
      .returning();
    const refund = refundEntity(row!);
    return { refund, webhook: refundWebhook(payments, "refund.created", refund, now) };
  });
}

/** The bank's answer on a pending sandbox refund: processed, or failed when `sandboxRefundOutcome` says so. */
export async function settleSandboxRefund(db: Db, payments: PaymentsConfig, refundId: string, now = new Date()): Promise<SandboxPaymentOutcome["webhook"] | null> {
  const status = payments.sandboxRefundOutcome === "failed" ? "failed" : "processed";
  const [row] = await db
    .update(sandboxGatewayRefunds)
    .set({ status })
    .where(and(eq(sandboxGatewayRefunds.id, refundId), eq(sandboxGatewayRefunds.status, "pending")))
    .returning();
  if (!row) return null;
  return refundWebhook(payments, `refund.${status}`, refundEntity(row), now);
}

export async function fetchSandboxRefund(db: Db, refundId: string): Promise<RazorpayRefundEntity> {
  const [row] = await db.select().from(sandboxGatewayRefunds).where(eq(sandboxGatewayRefunds.id, refundId)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", "The id provided does not exist");
  return refundEntity(row);
}

/** Razorpay's "fetch multiple refunds for a payment": newest first, at most `count` (10 by default, 100 at most). */
export async function fetchSandboxPaymentRefunds(
  db: Db,
  paymentId: string,
  { count }: SandboxRefundListQuery,
): Promise<{ entity: "collection"; count: number; items: RazorpayRefundEntity[] }> {
  const [payment] = await db.select({ id: sandboxGatewayPayments.id }).from(sandboxGatewayPayments).where(eq(sandboxGatewayPayments.id, paymentId)).limit(1);
  if (!payment) throw new AppError("NOT_FOUND", "The id provided does not exist");
  const rows = await db
    .select()
    .from(sandboxGatewayRefunds)
    .where(eq(sandboxGatewayRefunds.paymentId, paymentId))
    .orderBy(desc(sandboxGatewayRefunds.createdAt), desc(sandboxGatewayRefunds.id))
    .limit(count);
  return { entity: "collection", count: rows.length, items: rows.map(refundEntity) };
}
