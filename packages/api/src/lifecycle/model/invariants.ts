import type { Db } from "@mithai/db/client";
import { orders, users } from "@mithai/db/schema";
import { eq, sql } from "@mithai/db/sql";
import { DISCOUNT_PAISE, shopDay, shopDayRange, shopMonth } from "@mithai/schema";
import { listCustomers } from "../../admin/customers-admin";
import { todaySales } from "../../admin/orders-admin";

/**
 * The shop's rules about an order's life, as plain functions over what the database holds (read once per check by
 * `readShop`), so any test can assert them after whatever it did. Each check answers the rules broken, in words
 * (empty when all hold). What the database cannot know (what the admin put on the shelves, what the menu said at
 * the moment of a payment) the caller passes in.
 */


export interface ShopSnapshot {
  orders: OrderRow[];
  payments: { orderId: string; amountPaise: number; status: string }[];
  refunds: { id: string; orderId: string; amountPaise: number; status: string; requestedBy: string | null; clawbackPaise: number }[];
  invoices: { orderId: string; number: string; financialYear: string; serial: number }[];
  creditNotes: { refundId: string; orderId: string; number: string; financialYear: string; serial: number }[];
  receipts: { subjectId: string | null }[];
  statusChanges: { orderId: string; status: string }[];
  items: { id: string; name: string; pricePaise: number; stockKg: number | null; removedAt: Date | null }[];
  promos: { id: string; code: string; maxUses: number | null; maxUsesPerCustomer: number | null }[];
  /** The snapshot as read: two equal texts are the same shop. */
  text: string;
}

export type OrderRow = Pick<
  typeof orders.$inferSelect,
  "id" | "userId" | "items" | "amountPaise" | "discountPaise" | "paymentStatus" | "status" | "discountApplied" | "discountMonth" | "stockHeld" | "promoCodeId" | "createdAt" | "paidAt" | "updatedAt"
>;

const rowsOf = (table: string, columns: Record<string, string>, where = "true") =>
  `(select coalesce(json_agg(json_build_object(${Object.entries(columns).map(([key, column]) => `'${key}', ${column}`).join(", ")})), '[]'::json) from ${table} where ${where})`;

/** The whole shop as the rules need it, in one statement (a check runs after every step of every sequence). */
const SNAPSHOT_SQL = `select json_build_object(
  'orders', ${rowsOf("orders", { id: "id", userId: "user_id", items: "items", amountPaise: "amount_paise", discountPaise: "discount_paise", paymentStatus: "payment_status", status: "status", discountApplied: "discount_applied", discountMonth: "discount_month", stockHeld: "stock_held", promoCodeId: "promo_code_id", createdAt: "created_at", paidAt: "paid_at", updatedAt: "updated_at" })},
  'payments', ${rowsOf("payments", { orderId: "order_id", amountPaise: "amount_paise", status: "status" })},
  'refunds', ${rowsOf("refunds", { id: "id", orderId: "order_id", amountPaise: "amount_paise", status: "status", requestedBy: "requested_by", clawbackPaise: "clawback_paise" })},
  'invoices', ${rowsOf("invoices", { orderId: "order_id", number: "number", financialYear: "financial_year", serial: "serial" })},
  'creditNotes', ${rowsOf("credit_notes", { refundId: "refund_id", orderId: "order_id", number: "number", financialYear: "financial_year", serial: "serial" })},
  'receipts', ${rowsOf("mail_outbox", { subjectId: "subject_id" }, "kind = 'order-receipt'")},
  'statusChanges', ${rowsOf("order_status_changes", { orderId: "order_id", status: "status" })},
  'items', ${rowsOf("food_items", { id: "id", name: "name", pricePaise: "price_paise", stockKg: "stock_kg", removedAt: "removed_at" })},
  'promos', ${rowsOf("promo_codes", { id: "id", code: "code", maxUses: "max_uses", maxUsesPerCustomer: "max_uses_per_customer" })}
) as shop`;

const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

export async function readShop(db: Db): Promise<ShopSnapshot> {
  const result: unknown = await db.execute(sql.raw(SNAPSHOT_SQL));
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { shop: ShopSnapshot | string }[];
  const text = typeof row!.shop === "string" ? row!.shop : JSON.stringify(row!.shop);
  const shop = { ...(JSON.parse(text) as Omit<ShopSnapshot, "text">), text };
  for (const order of shop.orders) {
    order.createdAt = dateOf(order.createdAt)!;
    order.updatedAt = dateOf(order.updatedAt)!;
    order.paidAt = dateOf(order.paidAt);
  }
  for (const item of shop.items) item.removedAt = dateOf(item.removedAt);
  return shop;
}

const short = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;

/** Money the provider took for an order (captured payments). */
export function paidPaise(shop: ShopSnapshot, orderId: string): number {
  return shop.payments.filter((p) => p.orderId === orderId && p.status === "captured").reduce((sum, p) => sum + p.amountPaise, 0);
}

/** Money given back or on its way back (every refund that has not failed). */
export function refundedPaise(shop: ShopSnapshot, orderId: string): number {
  return shop.refunds.filter((r) => r.orderId === orderId && r.status !== "failed").reduce((sum, r) => sum + r.amountPaise, 0);
}

/** Paid, not cancelled and not fully refunded: an order the customer keeps (what the ₹150 discount and promo limits count). */
export function isKept(shop: ShopSnapshot, order: OrderRow): boolean {
  return order.paymentStatus === "paid" && order.status !== "Cancelled" && refundedPaise(shop, order.id) < order.amountPaise;
}

/** No customer beyond a promo code's limits: kept orders carrying a code, in all and per customer. */
export function promoLimitsHeld(shop: ShopSnapshot): string[] {
  const broken: string[] = [];
  for (const promo of shop.promos) {
    const kept = shop.orders.filter((o) => o.promoCodeId === promo.id && isKept(shop, o));
    if (promo.maxUses !== null && kept.length > promo.maxUses) broken.push(`promo ${promo.code}: ${kept.length} kept orders carry it, at most ${promo.maxUses} allowed`);
    if (promo.maxUsesPerCustomer !== null) {
      const perCustomer = new Map<string, number>();
      for (const order of kept) perCustomer.set(order.userId, (perCustomer.get(order.userId) ?? 0) + 1);
      for (const [userId, n] of perCustomer) {
        if (n > promo.maxUsesPerCustomer) broken.push(`promo ${promo.code}: customer ${userId.slice(0, 8)} keeps ${n} orders with it, at most ${promo.maxUsesPerCustomer} allowed`);
      }
    }
  }
  return broken;
}

/**
 * The ₹150 discount: every discounted kept order has an earlier kept paid order of the same customer that month, or
 * an earlier one that was cancelled or refunded keeping back the discount (the clawback); at most one kept
 * discounted order per customer and month. An admin may waive the clawback (DECISIONS), so an earlier order an admin
 * refunded (`adminIds`) also stands.
 */
export function discountEarned(shop: ShopSnapshot, adminIds: ReadonlySet<string> = new Set()): string[] {
  const broken: string[] = [];
  const discounted = shop.orders.filter((o) => o.discountApplied && isKept(shop, o) && o.paidAt);
  // Paid in that order: by the time of payment, and by invoice number for payments of the same moment.
  const serial = new Map(shop.invoices.map((i) => [i.orderId, i.serial]));
  const paidBefore = (a: OrderRow, b: OrderRow) =>
    a.paidAt!.getTime() < b.paidAt!.getTime() || (a.paidAt!.getTime() === b.paidAt!.getTime() && (serial.get(a.id) ?? Infinity) < (serial.get(b.id) ?? Infinity));
  for (const order of discounted) {
    const month = shopMonth(order.paidAt!);
    const earlier = shop.orders.filter(
      (o) => o.userId === order.userId && o.id !== order.id && o.paymentStatus === "paid" && o.paidAt && paidBefore(o, order) && shopMonth(o.paidAt) === month,
    );
    const clawback = Math.min(DISCOUNT_PAISE, order.discountPaise);
    const waived = (o: OrderRow) => shop.refunds.some((r) => r.orderId === o.id && r.requestedBy !== null && adminIds.has(r.requestedBy));
    // Kept back: the clawback, never more than the earlier order paid.
    const keptBack = (o: OrderRow) => refundedPaise(shop, o.id) <= paidPaise(shop, o.id) - Math.min(clawback, paidPaise(shop, o.id));
    const earned = earlier.some((o) => isKept(shop, o) || keptBack(o) || waived(o));
    if (!earned) broken.push(`${short(order.id)} kept its ₹150 discount without an earlier kept paid order in ${month} (nor a clawback)`);
  }
  const perMonth = new Map<string, number>();
  for (const order of discounted) {
    const key = `${order.userId.slice(0, 8)} ${shopMonth(order.paidAt!)}`;
    perMonth.set(key, (perMonth.get(key) ?? 0) + 1);
  }
  for (const [key, n] of perMonth) if (n > 1) broken.push(`customer ${key}: ${n} kept discounted orders in one month`);
  return broken;
}

/**
 * The clawback lasts as long as the reliance it was kept for: an order whose refund kept money back for a later
 * discounted order keeps it only while such an order of its customer and month is still pending or kept. Counted on
 * every refund recorded (a failed one stays the admin's to retry), so a refund's settlement changes nothing here.
 */
export function clawbackOnlyWhileRelied(shop: ShopSnapshot): string[] {
  const broken: string[] = [];
  for (const order of shop.orders) {
    const mine = shop.refunds.filter((r) => r.orderId === order.id);
    if (!order.paidAt || !mine.some((r) => r.clawbackPaise > 0)) continue;
    const kept = paidPaise(shop, order.id) - mine.reduce((sum, r) => sum + r.amountPaise, 0);
    if (kept <= 0) continue;
    const month = shopMonth(order.paidAt);
    const relied = shop.orders.some(
      (o) => o.userId === order.userId && o.id !== order.id && o.discountApplied && o.discountMonth === month && (o.paymentStatus === "pending" || isKept(shop, o)),
    );
    if (!relied) broken.push(`${short(order.id)} keeps back ₹${kept / 100} of its refund for a discounted order of ${month} that no longer relies on it`);
  }
  return broken;
}

/** What the menu said about one item at some moment. */
export type MenuState = Map<string, { onMenu: boolean; pricePaise: number }>;

export function menuOf(shop: ShopSnapshot): MenuState {
  return new Map(shop.items.map((item) => [item.id, { onMenu: item.removedAt === null, pricePaise: item.pricePaise }]));
}

/**
 * A late payment (for an order that had stopped waiting: failed or expired) is honoured only at prices the shop still
 * offered: no order paid by it holds an item off the menu or priced higher. `menus` are the menu's states the payment
 * may have seen (before and after a step; one of them must allow it).
 */
export function latePaymentsAtOfferedPrices(before: ShopSnapshot, after: ShopSnapshot, menus: MenuState[]): string[] {
  const broken: string[] = [];
  const was = new Map(before.orders.map((o) => [o.id, o.paymentStatus]));
  for (const order of after.orders) {
    const previous = was.get(order.id);
    if (order.paymentStatus !== "paid" || (previous !== "failed" && previous !== "expired")) continue;
    const why = menus.map((menu) =>
      order.items.flatMap((line) => {
        const now = menu.get(line.foodItemId);
        if (!now?.onMenu) return [`${line.name} is off the menu`];
        if (now.pricePaise > line.unitPricePaise) return [`${line.name} costs ${now.pricePaise / 100} now, ${line.unitPricePaise / 100} in the order`];
        return [];
      }),
    );
    if (why.every((reasons) => reasons.length > 0)) broken.push(`${short(order.id)} was paid late although ${why[0]!.join(", ")}`);
  }
  return broken;
}

/**
 * Stock conserved, per tracked item: what the admin put in = on hand + held by orders (reserved while unpaid, sold
 * once paid) — restocked sweets are back on hand. Orders that stopped waiting (failed, expired, refunded unpaid) hold
 * nothing. `putIn` is what the admin put on the shelves per tracked item (the database keeps only what is left).
 */
export function stockConserved(shop: ShopSnapshot, putIn: ReadonlyMap<string, number>): string[] {
  const broken: string[] = [];
  for (const order of shop.orders) {
    if (order.stockHeld && ["failed", "expired", "refunded"].includes(order.paymentStatus) && order.items.some((line) => line.reserved)) {
      broken.push(`${short(order.id)} is ${order.paymentStatus} yet holds stock`);
    }
  }
  for (const [itemId, kg] of putIn) {
    const item = shop.items.find((i) => i.id === itemId);
    if (!item || item.stockKg === null) continue;
    const held = shop.orders
      .filter((o) => o.stockHeld)
      .flatMap((o) => o.items)
      .filter((line) => line.foodItemId === itemId && line.reserved)
      .reduce((sum, line) => sum + line.quantity, 0);
    if (item.stockKg < 0) broken.push(`${item.name}: ${item.stockKg} kg on hand`);
    if (item.stockKg + held !== kg) broken.push(`${item.name}: ${kg} kg put in, but ${item.stockKg} on hand + ${held} held by orders`);
  }
  return broken;
}

/** One open unpaid order per customer. */
export function onePendingOrderPerCustomer(shop: ShopSnapshot): string[] {
  const pending = new Map<string, number>();
  for (const order of shop.orders) if (order.paymentStatus === "pending") pending.set(order.userId, (pending.get(order.userId) ?? 0) + 1);
  return [...pending].filter(([, n]) => n > 1).map(([userId, n]) => `customer ${userId.slice(0, 8)} has ${n} pending orders`);
}

/**
 * Right after a reconciler pass at `now`: no unpaid order still holds stock, a promo use or the discount slot past the
 * payment window, unless the pass found it claimed by another pass moments ago (`claimMs`; `before` is the shop as
 * the pass found it).
 */
export function paymentWindowKept(before: ShopSnapshot, after: ShopSnapshot, now: Date, windowMinutes: number, claimMs = 2 * 60_000): string[] {
  const touched = new Map(before.orders.map((o) => [o.id, o.updatedAt.getTime()]));
  return after.orders
    .filter(
      (o) =>
        o.paymentStatus === "pending" &&
        o.createdAt.getTime() < now.getTime() - windowMinutes * 60_000 &&
        (touched.get(o.id) ?? o.updatedAt.getTime()) < now.getTime() - claimMs,
    )
    .map((o) => `${short(o.id)} is still pending ${Math.round((now.getTime() - o.createdAt.getTime()) / 60_000)} minutes after it was placed (window ${windowMinutes})`);
}

/** Refunds never exceed what was paid, per order. */
export function refundsWithinPaid(shop: ShopSnapshot): string[] {
  const broken: string[] = [];
  for (const order of shop.orders) {
    const refunded = refundedPaise(shop, order.id);
    const paid = paidPaise(shop, order.id);
    if (refunded > paid) broken.push(`${short(order.id)}: ${refunded / 100} refunded of ${paid / 100} paid`);
  }
  return broken;
}

function seriesBroken(kind: string, rows: { number: string; financialYear: string; serial: number }[]): string[] {
  const broken: string[] = [];
  const numbers = new Set(rows.map((r) => r.number));
  if (numbers.size !== rows.length) broken.push(`${kind} numbers repeat`);
  const byYear = new Map<string, number[]>();
  for (const row of rows) byYear.set(row.financialYear, [...(byYear.get(row.financialYear) ?? []), row.serial]);
  for (const [year, serials] of byYear) {
    const sorted = [...serials].sort((a, b) => a - b);
    if (sorted.some((serial, i) => serial !== i + 1)) broken.push(`${kind} serials of ${year} are not 1..${sorted.length}: ${sorted.join(",")}`);
  }
  for (const row of rows) if (!row.number.endsWith(`/${row.financialYear}/${row.serial}`)) broken.push(`${kind} ${row.number} does not end with its serial ${row.serial}`);
  return broken;
}

/** Invoice and credit-note numbers unique and without gaps; a paid order has its invoice, a processed refund its credit note. */
export function documentNumbersWithoutGaps(shop: ShopSnapshot): string[] {
  const broken = [...seriesBroken("invoice", shop.invoices), ...seriesBroken("credit note", shop.creditNotes)];
  const invoiced = new Set(shop.invoices.map((i) => i.orderId));
  for (const order of shop.orders) if (order.paymentStatus === "paid" && !invoiced.has(order.id)) broken.push(`${short(order.id)} is paid without an invoice`);
  const noted = new Set(shop.creditNotes.map((c) => c.refundId));
  for (const refund of shop.refunds) {
    if ((refund.status === "processed") !== noted.has(refund.id)) broken.push(`refund ${refund.id.slice(0, 8)} is ${refund.status} and ${noted.has(refund.id) ? "has" : "has no"} credit note`);
  }
  return broken;
}

/** No order is both Delivered and Cancelled (in its timeline), and only paid orders have a fulfilment status. */
export function deliveredNeverCancelled(shop: ShopSnapshot): string[] {
  const broken: string[] = [];
  const timeline = new Map<string, Set<string>>();
  for (const change of shop.statusChanges) timeline.set(change.orderId, (timeline.get(change.orderId) ?? new Set()).add(change.status));
  for (const order of shop.orders) {
    const had = timeline.get(order.id) ?? new Set();
    if (order.status) had.add(order.status);
    if (had.has("Delivered") && had.has("Cancelled")) broken.push(`${short(order.id)} has been both Delivered and Cancelled`);
    if (order.status && order.paymentStatus !== "paid") broken.push(`${short(order.id)} is ${order.paymentStatus} with status ${order.status}`);
  }
  return broken;
}

/** Every paid order has exactly one receipt mail; an order never paid has none. */
export function oneReceiptPerPaidOrder(shop: ShopSnapshot): string[] {
  const count = new Map<string, number>();
  for (const mail of shop.receipts) if (mail.subjectId) count.set(mail.subjectId, (count.get(mail.subjectId) ?? 0) + 1);
  return shop.orders
    .filter((o) => (count.get(o.id) ?? 0) !== (o.paymentStatus === "paid" ? 1 : 0))
    .map((o) => `${short(o.id)} (${o.paymentStatus}) has ${count.get(o.id) ?? 0} receipt mails`);
}

const paiseOf = (rupees: number) => Math.round(rupees * 100);

/**
 * The owner's figures are net, paid − refunded: the dashboard's takings for the shop day of `now` (orders placed that
 * day) and each customer's spend in the customers list. Sales are paid orders (cancelled ones too: what the shop kept
 * of them counts); a late payment the shop refused "ends refunded, never paid" (DECISIONS) and is no sale, even while
 * its automatic refund waits for a retry.
 */
export async function ownerFiguresNet(db: Db, shop: ShopSnapshot, now: Date): Promise<string[]> {
  const broken: string[] = [];
  const net = (list: OrderRow[]) =>
    list.filter((o) => o.paymentStatus === "paid").reduce((sum, o) => sum + paidPaise(shop, o.id) - refundedPaise(shop, o.id), 0);
  const day = shopDay(now);
  const { start, end } = shopDayRange(day);
  const dashboard = await todaySales(db, now);
  const expected = net(shop.orders.filter((o) => o.createdAt >= start && o.createdAt < end));
  if (paiseOf(dashboard.revenue) !== expected) broken.push(`dashboard shows ${dashboard.revenue} for ${day}, paid − refunded is ${expected / 100}`);
  const customers = await db.select({ id: users.id }).from(users).where(eq(users.role, "user"));
  if (customers.length <= 30) {
    const page = await listCustomers(db, {});
    for (const row of page.data) {
      const spent = net(shop.orders.filter((o) => o.userId === row._id));
      if (paiseOf(row.totalSpent) !== spent) broken.push(`customers list shows ${row.email} spent ${row.totalSpent}, paid − refunded is ${spent / 100}`);
    }
  }
  return broken;
}

/** The names of the checks, as failures report them. */
export const INVARIANTS = [
  "promoLimitsHeld",
  "discountEarned",
  "clawbackOnlyWhileRelied",
  "latePaymentsAtOfferedPrices",
  "stockConserved",
  "onePendingOrderPerCustomer",
  "paymentWindowKept",
  "refundsWithinPaid",
  "documentNumbersWithoutGaps",
  "deliveredNeverCancelled",
  "oneReceiptPerPaidOrder",
  "ownerFiguresNet",
] as const;
export type InvariantName = (typeof INVARIANTS)[number];

export interface CheckContext {
  db: Db;
  before: ShopSnapshot;
  after: ShopSnapshot;
  /** The menu's states a payment in the step may have seen. */
  menus: MenuState[];
  putIn: ReadonlyMap<string, number>;
  now: Date;
  /** Set when the step was (or included) a reconciler pass. */
  reconciled: boolean;
  paymentWindowMinutes: number;
  /**
   * The clock at the previous check, when that check asked for the owner's figures on `before`: they are not asked
   * again for the same shop and day.
   */
  previousNow?: Date;
  /** The admins' ids (their refunds may waive the discount's clawback). */
  adminIds?: ReadonlySet<string>;
}

/** Every check, by name, with the rules each found broken. */
export async function checkAll(c: CheckContext, skip: ReadonlySet<InvariantName> = new Set()): Promise<Map<InvariantName, string[]>> {
  const found = new Map<InvariantName, string[]>();
  const run = async (name: InvariantName, check: () => string[] | Promise<string[]>) => {
    if (skip.has(name)) return;
    const broken = await check();
    if (broken.length > 0) found.set(name, broken);
  };
  await run("promoLimitsHeld", () => promoLimitsHeld(c.after));
  await run("discountEarned", () => discountEarned(c.after, c.adminIds));
  await run("clawbackOnlyWhileRelied", () => clawbackOnlyWhileRelied(c.after));
  await run("latePaymentsAtOfferedPrices", () => latePaymentsAtOfferedPrices(c.before, c.after, c.menus));
  await run("stockConserved", () => stockConserved(c.after, c.putIn));
  await run("onePendingOrderPerCustomer", () => onePendingOrderPerCustomer(c.after));
  await run("paymentWindowKept", () => (c.reconciled ? paymentWindowKept(c.before, c.after, c.now, c.paymentWindowMinutes) : []));
  await run("refundsWithinPaid", () => refundsWithinPaid(c.after));
  await run("documentNumbersWithoutGaps", () => documentNumbersWithoutGaps(c.after));
  await run("deliveredNeverCancelled", () => deliveredNeverCancelled(c.after));
  await run("oneReceiptPerPaidOrder", () => oneReceiptPerPaidOrder(c.after));
  // The figures are the database's answer for a day: when neither changed since the last check, neither did they.
  const unchanged = c.previousNow !== undefined && c.before.text === c.after.text && shopDay(c.previousNow) === shopDay(c.now);
  if (!unchanged) await run("ownerFiguresNet", () => ownerFiguresNet(c.db, c.after, c.now));
  return found;
}

/**
 * For any test: the rules that need only the database as it is now (the promo limits, the discount, stock held only
 * by live orders, one pending order per customer, refunds within payments, document numbers, the timeline, receipts,
 * the owner's figures), with the stock put in when the test knows it. Answers the broken ones, by name.
 */
export async function shopRulesBroken(db: Db, { putIn = new Map<string, number>(), now = new Date() }: { putIn?: ReadonlyMap<string, number>; now?: Date } = {}): Promise<Map<InvariantName, string[]>> {
  const shop = await readShop(db);
  return checkAll({ db, before: shop, after: shop, menus: [menuOf(shop)], putIn, now, reconciled: false, paymentWindowMinutes: Infinity });
}
