import type { Db } from "@mithai/db/client";
import { foodItems, refunds, users } from "@mithai/db/schema";
import { and, asc, eq, isNotNull, sql } from "@mithai/db/sql";
import { foodItemInputSchema, paiseToRupees, promoInputSchema } from "@mithai/schema";
import type { AuthSession, RequestContext } from "../../context";
import { AppError } from "../../errors";
import { appRouter } from "../../root";
import { createTestContext, testAddress, TEST_CONFIG } from "../../testing";
import { editFoodItem } from "../../admin/food-admin";
import { createPromo } from "../../promos/promos";
import { handleRazorpayWebhook } from "../../payments/webhook";
import { reconcilePendingOrders } from "../../payments/reconciler";
import { reconcilePendingRefunds } from "../../refunds/provider-sync";
import { paySandboxOrder, settleSandboxRefund, type SandboxPaymentOutcome } from "../../payments/sandbox-gateway";
import { CUSTOMERS, describeEvent, PROMOS, type PromoChange, type PromoName, type ShopEvent } from "./events";

/**
 * Drives the real shop (services and tRPC procedures on a real database, the provider's sandbox in this process)
 * through model events. The world is reset between test cases by truncating what a sequence writes.
 */


/**
 * What a sequence writes, emptied in one statement (the people stay: the same admin and customers in every sequence).
 * Children before parents, though one statement checks the foreign keys only at its end.
 */
const WRITTEN_TABLES = [
  "mail_outbox",
  "webhook_events",
  "credit_notes",
  "invoices",
  "refunds",
  "order_status_changes",
  "payments",
  "orders",
  "document_series",
  "cart_items",
  "sandbox_gateway_refunds",
  "sandbox_gateway_payments",
  "sandbox_gateway_orders",
  "promo_codes",
  "food_items",
];
const EMPTY_TABLES = `with ${WRITTEN_TABLES.map((table, i) => `d${i} as (delete from ${table})`).join(", ")} select 1`;

/** The items: two tracked (stock in kg), two not; prices in rupees per kg. */
const ITEM_SETUP = [
  { name: "Kaju Katli", price: 250, stockKg: 5 },
  { name: "Jalebi", price: 400, stockKg: 4 },
  { name: "Besan Ladoo", price: 200, stockKg: null },
  { name: "Rasgulla", price: 600, stockKg: null },
] as const;

/** HALF: 50 % off, once in all and once per customer (the issue's first reproduction). FLAT: ₹100 off from ₹300, 3 uses, 2 per customer. */
const PROMO_SETUP: Record<PromoName, Record<string, unknown>> = {
  HALF: { code: "HALF", kind: "percent", value: 50, maxUses: 1, maxUsesPerCustomer: 1, active: true },
  FLAT: { code: "FLAT", kind: "flat", value: 100, minSubtotal: 300, maxUses: 3, maxUsesPerCustomer: 2, active: true },
};

export interface WorldOrder {
  id: string;
  razorpayOrderId: string;
  customer: number;
}

export interface WorldPayment {
  order: WorldOrder;
  outcome: SandboxPaymentOutcome;
}

export interface World {
  db: Db;
  /** Moves the process's clock (every `new Date()` of the code under test). */
  setClock(at: Date): void;
  now: Date;
  adminId: string;
  customerIds: string[];
  itemIds: string[];
  promoIds: Record<PromoName, string>;
  promoInputs: Record<PromoName, Record<string, unknown>>;
  /** Kilograms the admin has put on the shelves, per tracked item. */
  putIn: Map<string, number>;
  orders: WorldOrder[];
  payments: WorldPayment[];
  /** What happened, one line per event, for a failure's report. */
  log: string[];
  /** Whether the last step included a reconciler pass. */
  reconciled: boolean;
  context(auth: AuthSession | null): RequestContext;
}

/** The people of every sequence: an admin and three customers. */
export interface People {
  adminId: string;
  customerIds: string[];
}

export async function insertPeople(db: Db): Promise<People> {
  const base = Date.now();
  const people = await db
    .insert(users)
    .values([
      { name: "Admin", email: `admin.${base}@mithai.test`, passwordHash: "x", role: "admin" as const, createdAt: new Date(base - 4000) },
      ...Array.from({ length: CUSTOMERS }, (_, i) => ({ name: `Customer ${i}`, email: `c${i}.${base}@mithai.test`, passwordHash: "x", createdAt: new Date(base - 3000 + i) })),
    ])
    .returning({ id: users.id });
  return { adminId: people[0]!.id, customerIds: people.slice(1).map((row) => row.id) };
}

/** Empties what the last sequence wrote and sets the shop up again: four items, two promo codes, the clock at `start`. */
export async function resetWorld(db: Db, people: People, start: Date, setClock: (at: Date) => void): Promise<World> {
  setClock(start);
  await db.execute(sql.raw(EMPTY_TABLES));
  const items = await db
    .insert(foodItems)
    .values(
      ITEM_SETUP.map((item, i) => ({
        slug: `model-sweet-${i}`,
        name: item.name,
        description: "A sweet for the model test",
        pricePaise: item.price * 100,
        image: "test.webp",
        category: "Flour Sweets" as const,
        ingredients: "Sugar",
        benefits: "Joy",
        faq: [
          { question: "Q1", answer: "A1" },
          { question: "Q2", answer: "A2" },
        ],
        stockKg: item.stockKg,
      })),
    )
    .returning({ id: foodItems.id });
  const promoInputs = { ...PROMO_SETUP };
  const promoRows = await Promise.all(PROMOS.map((name) => createPromo(db, promoInputSchema.parse(promoInputs[name]))));
  const itemIds = items.map((row) => row.id);
  const contexts = new Map<string, RequestContext>();
  const world: World = {
    db,
    setClock,
    now: start,
    adminId: people.adminId,
    customerIds: people.customerIds,
    itemIds,
    promoIds: Object.fromEntries(PROMOS.map((name, i) => [name, promoRows[i]!._id])) as Record<PromoName, string>,
    promoInputs,
    putIn: new Map(ITEM_SETUP.flatMap((item, i) => (item.stockKg === null ? [] : [[itemIds[i]!, item.stockKg]]))),
    orders: [],
    payments: [],
    log: [],
    reconciled: false,
    context(auth) {
      const key = auth ? `${auth.role}:${auth.userId}` : "guest";
      let ctx = contexts.get(key);
      if (!ctx) {
        ctx = createTestContext(db, { auth });
        // The per-customer checkout limit guards against scripts; the model places as fast as it likes.
        ctx.limits = { ...ctx.limits, placeOrderPerCustomer: { consume: async () => {} } as unknown as RequestContext["limits"]["placeOrderPerCustomer"] };
        contexts.set(key, ctx);
      }
      return ctx;
    },
  };
  await world.context(null).catalog.changed();
  return world;
}

/** A refusal the shop gives on purpose (a 4xx with a reason code): part of the story, never a test failure. */
function refusalCode(error: unknown): string | null {
  // A procedure's refusal arrives as tRPC's error with the AppError as its cause.
  const cause = error instanceof AppError ? error : (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof AppError && cause.httpStatus < 500) return cause.code;
  return null;
}

const customerAuth = (world: World, customer: number): AuthSession => ({ userId: world.customerIds[customer]!, role: "user" });
const adminAuth = (world: World): AuthSession => ({ userId: world.adminId, role: "admin" });
const callerFor = (world: World, auth: AuthSession) => appRouter.createCaller(world.context(auth));
/** The n-th most recent (0: the latest), wrapping around. */
const nth = <T>(list: T[], n: number): T | undefined => (list.length === 0 ? undefined : list[list.length - 1 - (n % list.length)]);

/** Time passes between two things people do: `ms` on the world's clock. */
export function tick(world: World, ms: number): void {
  world.now = new Date(world.now.getTime() + ms);
  world.setClock(world.now);
}

/** Runs one event against the shop; answers a line saying what happened (refusals included). Unexpected errors throw. */
export async function runEvent(world: World, event: ShopEvent): Promise<string> {
  try {
    return await act(world, event);
  } catch (error) {
    const code = refusalCode(error);
    if (code) return `refused ${code}: ${(error as Error).message}`;
    throw error;
  }
}

async function act(world: World, event: ShopEvent): Promise<string> {
  const { db } = world;
  const admin = () => callerFor(world, adminAuth(world));
  switch (event.kind) {
    case "place": {
      const placed = await callerFor(world, customerAuth(world, event.customer)).order.place({
        address: testAddress,
        items: event.lines.map((line) => ({ _id: world.itemIds[line.item]!, quantity: line.kg })),
        promoCode: event.promo ?? undefined,
      });
      world.orders.push({ id: placed.orderId, razorpayOrderId: placed.razorpayOrderId, customer: event.customer });
      return `order[${world.orders.length - 1}] #${placed.orderId.slice(0, 8)} ₹${placed.amount / 100}${placed.discountApplied ? " with ₹150 off" : ""}${placed.promoApplied ? ` with ${placed.promoCode}` : ""}`;
    }
    case "pay": {
      const order = nth(world.orders, event.order);
      if (!order) return "no order";
      const outcome = await paySandboxOrder(db, TEST_CONFIG.payments, { orderId: order.razorpayOrderId, method: "card", succeed: event.succeed });
      const payment = { order, outcome };
      world.payments.push(payment);
      const told: string[] = [];
      if (event.deliver === "verify" || event.deliver === "both") told.push(await verify(world, payment));
      if (event.deliver === "webhook" || event.deliver === "both") told.push(await webhook(world, payment.outcome.webhook));
      return `payment[${world.payments.length - 1}] ${event.succeed ? "captured" : "failed"} for #${order.id.slice(0, 8)} ${told.join("; ")}`;
    }
    case "verify": {
      const payment = nth(world.payments, event.payment);
      return payment ? verify(world, payment) : "no payment";
    }
    case "webhook": {
      const payment = nth(world.payments, event.payment);
      return payment ? webhook(world, payment.outcome.webhook) : "no payment";
    }
    case "abandon": {
      const order = nth(world.orders, event.order);
      if (!order) return "no order";
      const answer = await callerFor(world, customerAuth(world, order.customer)).order.abandon({ orderId: order.id });
      return `#${order.id.slice(0, 8)} ${JSON.stringify(answer)}`;
    }
    case "clock": {
      tick(world, event.minutes * 60_000);
      return `now ${world.now.toISOString()}`;
    }
    case "reconcile": {
      world.reconciled = true;
      const ctx = world.context(null);
      const tally = await reconcilePendingOrders(ctx, world.now);
      const refundsSettled = await reconcilePendingRefunds(ctx, world.now);
      return `${JSON.stringify(tally)}, ${refundsSettled} refunds settled`;
    }
    case "cancel": {
      const order = nth(world.orders, event.order);
      if (!order) return "no order";
      const answer = await callerFor(world, customerAuth(world, order.customer)).order.cancel({ orderId: order.id });
      return `#${order.id.slice(0, 8)} refund ₹${answer.refund.amount} ${answer.refund.status}`;
    }
    case "refund": {
      const order = nth(world.orders, event.order);
      if (!order) return "no order";
      const amount = event.full ? undefined : await partialAmount(world, order.id);
      if (amount === null) return "nothing to refund in part";
      const answer = await admin().admin.refundOrder({ orderId: order.id, amount, reason: "model test" });
      return `#${order.id.slice(0, 8)} refund ₹${answer.refund.amount} ${answer.refund.status}`;
    }
    case "settleRefund": {
      const pending = await db
        .select({ providerRefundId: refunds.providerRefundId })
        .from(refunds)
        .where(and(eq(refunds.status, "pending"), isNotNull(refunds.providerRefundId)))
        .orderBy(asc(refunds.createdAt), asc(refunds.id));
      const refund = nth(pending, event.refund);
      if (!refund) return "no refund in flight";
      const hook = await settleSandboxRefund(db, { ...TEST_CONFIG.payments, sandboxRefundOutcome: event.fail ? "failed" : "processed" }, refund.providerRefundId!);
      return hook ? webhook(world, hook) : "already settled at the bank";
    }
    case "status": {
      const order = nth(world.orders, event.order);
      if (!order) return "no order";
      await admin().admin.updateOrderStatus({ orderId: order.id, status: event.status });
      return `#${order.id.slice(0, 8)} → ${event.status}`;
    }
    case "price": {
      const itemId = world.itemIds[event.item]!;
      const [item] = await db.select().from(foodItems).where(eq(foodItems.id, itemId));
      if (!item || item.removedAt) return "item off the menu";
      const price = Math.max(1, Math.round((item.pricePaise * event.percent) / 100) / 100);
      const input = foodItemInputSchema.parse({
        name: item.name,
        description: item.description,
        price,
        category: item.category,
        ingredients: item.ingredients,
        benefits: item.benefits,
        faq: item.faq,
        slug: item.slug,
      });
      await editFoodItem(world.context(adminAuth(world)), itemId, input, undefined);
      return `${item.name} ₹${price}/kg`;
    }
    case "remove": {
      await admin().admin.removeFood({ id: world.itemIds[event.item]! });
      return `item ${event.item} off the menu`;
    }
    case "stock": {
      const itemId = world.itemIds[event.item]!;
      const [item] = await db.select({ stockKg: foodItems.stockKg, removedAt: foodItems.removedAt }).from(foodItems).where(eq(foodItems.id, itemId));
      if (!item || item.removedAt || item.stockKg === null) return "not on sale";
      await admin().admin.setStock({ id: itemId, stockKg: event.kg });
      world.putIn.set(itemId, (world.putIn.get(itemId) ?? 0) + event.kg - item.stockKg);
      return `item ${event.item}: ${event.kg} kg on hand (was ${item.stockKg})`;
    }
    case "promo": {
      const input = { ...world.promoInputs[event.promo], ...promoChange(event.change, world.now, world.promoInputs[event.promo]) };
      await admin().admin.updatePromo({ id: world.promoIds[event.promo], promo: promoInputSchema.parse(input) });
      world.promoInputs[event.promo] = input;
      return `${event.promo} ${event.change}`;
    }
    case "pair": {
      // Both run to their end before the step is over, even when one fails: a step still running would overlap the
      // next sequence's reset (and fail there, hiding what really went wrong).
      const [a, b] = await Promise.allSettled([runEvent(world, event.a), runEvent(world, event.b)]);
      if (a.status === "rejected") throw a.reason;
      if (b.status === "rejected") throw b.reason;
      return `{ ${a.value} | ${b.value} }`;
    }
  }
}

function promoChange(change: PromoChange, now: Date, current: Record<string, unknown>): Record<string, unknown> {
  switch (change) {
    case "deactivate":
      return { active: false };
    case "activate":
      return { active: true };
    case "expire":
      return { validTo: new Date(now.getTime() - 60_000).toISOString() };
    case "extend":
      return { validTo: undefined };
    case "raiseValue":
      return current.kind === "percent" ? { value: Math.min(100, Number(current.value) + 10) } : { value: Number(current.value) + 50 };
  }
}

async function verify(world: World, payment: WorldPayment): Promise<string> {
  const response = payment.outcome.checkoutResponse;
  if (!response) return "verify: nothing to verify (declined)";
  try {
    const answer = await callerFor(world, customerAuth(world, payment.order.customer)).order.verify(response);
    return `verify ${answer.success ? "ok" : `not ok: ${answer.message ?? ""}`}`;
  } catch (error) {
    const code = refusalCode(error);
    if (code) return `verify refused ${code}`;
    throw error;
  }
}

async function webhook(world: World, hook: SandboxPaymentOutcome["webhook"]): Promise<string> {
  const outcome = await handleRazorpayWebhook(world.context(null), Buffer.from(hook.body), hook.signature, hook.eventId);
  return `webhook ${outcome}`;
}

/** About a third of what is left to refund on the order, in rupees (null when less than ₹1 would be left). */
async function partialAmount(world: World, orderId: string): Promise<number | undefined | null> {
  const rows: unknown = await world.db.execute(sql`
    select o.amount_paise - coalesce((select sum(r.amount_paise) from refunds r where r.order_id = o.id and r.status <> 'failed'), 0) as "left"
    from orders o where o.id = ${orderId}`);
  const [row] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { left: number | string }[];
  const left = Number(row?.left ?? 0);
  const part = Math.floor(left / 3 / 100);
  return part >= 1 ? paiseToRupees(part * 100) : null;
}

export { describeEvent };
