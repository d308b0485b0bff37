import type { Db } from "@mithai/db/client";
import { orders, promoCodes } from "@mithai/db/schema";
import { and, desc, eq, ne, sql } from "@mithai/db/sql";
import { paymentStatusIn } from "../lifecycle/query";
import type { PaymentStatus, PromoCode, PromoInput } from "@mithai/schema";
import { formatRupees, MIN_PRICE_PAISE, paiseToRupees, rupeesToPaise, shopDayRange } from "@mithai/schema";
import { AppError, fieldError, notFound, type ReasonCode } from "../errors";
import type { DbOrTx } from "@mithai/db/client";
import { isUniqueViolation } from "@mithai/db/errors";

type PromoRow = typeof promoCodes.$inferSelect;

const PENDING: PaymentStatus = "pending";

/** What a code takes off a subtotal: a percentage (rounded to the paisa) or a flat sum, never leaving less than ₹1. */
export function promoDiscountPaise(promo: Pick<PromoRow, "kind" | "value">, subtotalPaise: number): number {
  const off = promo.kind === "percent" ? Math.round((subtotalPaise * promo.value) / 100) : promo.value;
  return Math.max(0, Math.min(off, subtotalPaise - MIN_PRICE_PAISE));
}

/** Shop-time day boundaries: a code valid to 2026-11-30 works through that whole day in Kolkata. */
function startOf(when: string): Date {
  return when.length === 10 ? shopDayRange(when).start : new Date(when);
}
function endOf(when: string): Date {
  return when.length === 10 ? new Date(shopDayRange(when).end.getTime() - 1) : new Date(when);
}

export type Refusal = { code: ReasonCode; message: string };

/** Why a code cannot be used for this customer's subtotal now, without counting uses (a refusal a person can act on). */
function refusal(promo: PromoRow | undefined, subtotalPaise: number, now: Date): Refusal | null {
  if (!promo || !promo.active) return { code: "PROMO_INVALID", message: "This promo code does not exist" };
  if (promo.validFrom && now < promo.validFrom) return { code: "PROMO_NOT_STARTED", message: "This promo code is not valid yet" };
  if (promo.validTo && now > promo.validTo) return { code: "PROMO_EXPIRED", message: "This promo code has expired" };
  if (subtotalPaise < promo.minSubtotalPaise) {
    return { code: "PROMO_MIN_SUBTOTAL", message: `This promo code needs a subtotal of at least ${formatRupees(paiseToRupees(promo.minSubtotalPaise))}` };
  }
  return null;
}

/**
 * A code's row, locked (`lock`) against other uses until the transaction ends: FOR NO KEY UPDATE, which orders'
 * foreign-key checks (FOR KEY SHARE on the code's row) do not wait for. FOR UPDATE made a release of stock, whose
 * second update of its order re-checks that key while holding the sweets' rows, and a place holding the code's row
 * and waiting for a sweet's, wait on each other (a deadlock).
 */
async function findPromo(db: DbOrTx, code: string, lock: boolean): Promise<PromoRow | undefined> {
  const query = db.select().from(promoCodes).where(eq(promoCodes.code, code.trim().toUpperCase())).limit(1);
  const [row] = lock ? await query.for("no key update") : await query;
  return row;
}

/**
 * Orders holding a use of the code (pending or paid: PAYMENT_STATUS_SETS.holding): all of them, and this customer's.
 * The customer's own open order is left out of `mine` when `exceptOpen` (the cart and a new place: placing again
 * expires that order, freeing its use), and `exceptOrder` is left out of both (a late payment's own order).
 */
async function heldUses(db: DbOrTx, promoId: string, userId: string, options: { exceptOpen?: boolean; exceptOrder?: string } = {}): Promise<{ all: number; mine: number }> {
  const mine = options.exceptOpen ? sql`${orders.userId} = ${userId} and ${orders.paymentStatus} <> ${PENDING}` : sql`${orders.userId} = ${userId}`;
  const others = options.exceptOpen ? sql`not (${orders.userId} = ${userId} and ${orders.paymentStatus} = ${PENDING})` : sql`true`;
  const [row] = await db
    .select({ all: sql<number>`(count(*) filter (where ${others}))::int`, mine: sql<number>`(count(*) filter (where ${mine}))::int` })
    .from(orders)
    .where(and(eq(orders.promoCodeId, promoId), paymentStatusIn("holding"), options.exceptOrder ? ne(orders.id, options.exceptOrder) : undefined));
  return row ?? { all: 0, mine: 0 };
}

function usedUp(promo: PromoRow, held: { all: number; mine: number }): Refusal | null {
  if (promo.maxUsesPerCustomer !== null && held.mine >= promo.maxUsesPerCustomer) return { code: "PROMO_ALREADY_USED", message: "You have already used this promo code" };
  if (promo.maxUses !== null && held.all >= promo.maxUses) return { code: "PROMO_USED_UP", message: "This promo code has been used up" };
  return null;
}

export interface PromoOffer {
  promoId: string;
  code: string;
  discountPaise: number;
}

/**
 * What the code gives this customer's subtotal now, or a refusal: 400 when it does not exist, is not valid now or
 * the minimum is not met; 409 when its uses (or the customer's) are taken. With `lock` (inside place's
 * transaction) the code's row is locked while its uses are counted, so concurrent checkouts cannot both take
 * the last one: the count includes pending orders, which hold a use until they are paid, fail or expire.
 */
export async function promoOffer(db: DbOrTx, code: string, userId: string, subtotalPaise: number, now: Date, lock = false): Promise<PromoOffer> {
  const promo = await findPromo(db, code, lock);
  const why = refusal(promo, subtotalPaise, now);
  if (why || !promo) throw fieldError(why!.code, "promoCode", why!.message);
  const taken = usedUp(promo, await heldUses(db, promo.id, userId, { exceptOpen: true }));
  if (taken) throw new AppError(taken.code, taken.message);
  return { promoId: promo.id, code: promo.code, discountPaise: promoDiscountPaise(promo, subtotalPaise) };
}

/**
 * A late payment's check of its order's promo code, at payment time (inside the payment's transaction, the code's row
 * locked so two late payments cannot both take its last use): still there and active, in its dates, the subtotal
 * still enough, and within both limits counting every other order holding it. Null when the use can be honoured.
 */
export async function promoStillHonoured(tx: DbOrTx, order: { id: string; userId: string; promoCodeId: string | null; promoCode: string | null; subtotalPaise: number }, now: Date): Promise<Refusal | null> {
  if (!order.promoCode) return null;
  const [promo] = order.promoCodeId ? await tx.select().from(promoCodes).where(eq(promoCodes.id, order.promoCodeId)).for("no key update") : [];
  const why = refusal(promo, order.subtotalPaise, now);
  if (why || !promo) return why;
  return usedUp(promo, await heldUses(tx, promo.id, order.userId, { exceptOrder: order.id }));
}

function toPromoCode(row: PromoRow & { pending: number }): PromoCode {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === "flat" ? paiseToRupees(row.value) : row.value,
    minSubtotal: paiseToRupees(row.minSubtotalPaise),
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    active: row.active,
    uses: row.uses,
    overrun: row.maxUses === null ? 0 : Math.max(0, row.uses - row.maxUses),
    pending: row.pending,
  };
}

// Qualified by hand: inside the subquery drizzle would leave "id" unqualified, and it would name the order's id.
const pendingUses = sql<number>`(select count(*)::int from ${orders} as held where held.promo_code_id = ${promoCodes}.id and held.payment_status = ${PENDING})`;

export async function listPromos(db: Db): Promise<PromoCode[]> {
  const rows = await db.select({ row: promoCodes, pending: pendingUses }).from(promoCodes).orderBy(desc(promoCodes.createdAt));
  return rows.map(({ row, pending }) => toPromoCode({ ...row, pending }));
}

function columnsOf(input: PromoInput) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === "flat" ? rupeesToPaise(input.value)! : input.value,
    minSubtotalPaise: input.minSubtotal,
    validFrom: input.validFrom ? startOf(input.validFrom) : null,
    validTo: input.validTo ? endOf(input.validTo) : null,
    maxUses: input.maxUses,
    maxUsesPerCustomer: input.maxUsesPerCustomer,
    active: input.active,
  };
}

async function uniqueCode<T>(write: () => Promise<T>, code: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("ALREADY_EXISTS", `code: ${code} already exists`, { fieldErrors: [{ path: "code", message: `${code} already exists` }] });
    throw error;
  }
}

export async function createPromo(db: Db, input: PromoInput): Promise<PromoCode> {
  const [row] = await uniqueCode(() => db.insert(promoCodes).values(columnsOf(input)).returning(), input.code);
  return toPromoCode({ ...row!, pending: 0 });
}

export async function updatePromo(db: Db, id: string, input: PromoInput): Promise<PromoCode> {
  const [row] = await uniqueCode(
    () => db.update(promoCodes).set({ ...columnsOf(input), updatedAt: sql`now()` }).where(eq(promoCodes.id, id)).returning(),
    input.code,
  );
  if (!row) throw notFound("Promo code not found");
  return toPromoCode({ ...row, pending: 0 });
}

/** Deletes a code; orders placed with it keep the code's text (and their discount). */
export async function deletePromo(db: Db, id: string): Promise<{ success: true }> {
  const [row] = await db.delete(promoCodes).where(eq(promoCodes.id, id)).returning({ id: promoCodes.id });
  if (!row) throw notFound("Promo code not found");
  return { success: true };
}
