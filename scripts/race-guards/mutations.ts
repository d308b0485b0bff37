/**
 * The race tests' guards, each with the one edit that removes it and the tests that must then fail (issue 27: a race
 * test that cannot fail proves nothing). `find` must occur exactly once in `file`, so a guard that moved is reported,
 * not silently left unmutated. Applied by plugin.ts when MITHAI_MUTATION names one; run by `npm run test:guards`.
 */
export interface GuardMutation {
  name: string;
  /** What the guard keeps from happening. */
  guards: string;
  /** From the repository's root. */
  file: string;
  find: string;
  replace: string;
  /** Test files (from the root) and the test names (vitest -t) that must fail without the guard. */
  tests: { file: string; name: string }[];
}

export const GUARD_MUTATIONS: GuardMutation[] = [
  {
    name: "open-order-slot-lock",
    guards: "two places by one customer at once each keeping an open order (the customer's row locked by the slot's CTE)",
    file: "packages/api/src/orders/open-order.ts",
    find: `.where(eq(users.id, sql.placeholder("userId"))).for("update"));`,
    replace: `.where(eq(users.id, sql.placeholder("userId"))));`,
    tests: [{ file: "apps/server/src/checkout/lifecycle-races.test.ts", name: "eight places by one customer at once" }],
  },
  {
    name: "late-promo-row-lock",
    guards: "two late payments taking a single-use promo code's last use (the code's row locked at payment time)",
    file: "packages/api/src/promos/promos.ts",
    find: `.where(eq(promoCodes.id, order.promoCodeId)).for("no key update") : [];`,
    replace: `.where(eq(promoCodes.id, order.promoCodeId)) : [];`,
    tests: [{ file: "apps/server/src/checkout/lifecycle-races.test.ts", name: "late payments for a single-use promo code" }],
  },
  {
    name: "paid-gate-status",
    guards: "a payment reported many times at once paying (and mailing) more than once (the gate moves only an unpaid order)",
    file: "packages/api/src/payments/paid-gate.ts",
    find: `          paymentStatusIn(PAYMENT_MOVES[move].from),\n`,
    replace: ``,
    tests: [{ file: "apps/server/src/checkout/races.test.ts", name: "verify replayed 20 times at once" }],
  },
  {
    name: "customer-row-first",
    guards: "a payment move (expiry, abandon) and a place by the same customer waiting on each other crosswise (a deadlock: the move takes the customer's row before the order's)",
    file: "packages/api/src/lifecycle/move.ts",
    find: `.where(and(request.which, paymentStatusIn(from), customerRowsLockedFirst(request.which)))`,
    replace: `.where(and(request.which, paymentStatusIn(from)))`,
    tests: [{ file: "apps/server/src/checkout/lifecycle-races.test.ts", name: "while the previous order is paid, or abandoned, on the other server" }],
  },
  {
    name: "paid-gate-customer-row-first",
    guards: "a payment (verify, webhook, the reconciler) and a place or move of the same customer waiting on each other crosswise (a deadlock: the paid gate takes the customer's row before the order's, as they do)",
    file: "packages/api/src/payments/paid-gate.ts",
    find: `          customerRowsLockedFirst(eq(orders.razorpayOrderId, value.razorpayOrderId)),\n`,
    replace: ``,
    tests: [{ file: "apps/server/src/checkout/lifecycle-races.test.ts", name: "a payment takes its customer's row before its order's" }],
  },
  {
    name: "release-stock-id-order",
    guards: "a release of stock (an abandoned or expired order) and a reservation of the same sweets waiting on each other crosswise (a deadlock: the release locks the items' rows in id order, as the reservation does)",
    file: "packages/api/src/stock/stock.ts",
    // The lock's CTE and its join go: the update alone locks the rows, in the join's order.
    find: `    ), locked as materialized (
      select \${foodItems.id} as id from \${foodItems}
        where \${foodItems.id} in (select id from lines) and \${foodItems.stockKg} is not null
        order by \${foodItems.id} for update
    ), restocked as (
      update \${foodItems} set stock_kg = \${foodItems.stockKg} + lines.q, updated_at = now()
        from lines join locked on locked.id = lines.id
`,
    replace: `    ), restocked as (
      update \${foodItems} set stock_kg = \${foodItems.stockKg} + lines.q, updated_at = now()
        from lines
`,
    tests: [{ file: "apps/server/src/checkout/lifecycle-races.test.ts", name: "giving their stock back while other customers take the same sweets" }],
  },
  {
    name: "promo-row-no-key-update",
    guards: "a release of stock (its order's second update re-checks the promo code's key, FOR KEY SHARE) and a place holding the code's row waiting on each other crosswise (a deadlock: the code's row is locked FOR NO KEY UPDATE, which a key check does not wait for)",
    file: "packages/api/src/promos/promos.ts",
    find: `const [row] = lock ? await query.for("no key update") : await query;`,
    replace: `const [row] = lock ? await query.for("update") : await query;`,
    tests: [{ file: "apps/server/src/checkout/lifecycle-races.test.ts", name: "abandoned orders with a promo code giving their stock back" }],
  },
  {
    name: "place-recounts-discount",
    guards: "a place giving the month's ₹150 on a kept order that a cancel on another server refunded meanwhile (the place counts the kept orders again under the customer's row)",
    file: "packages/api/src/orders/place.ts",
    find: `      if (chosen === "monthly" && !isDiscountOrderAfter(await countPaidOrdersInMonth(tx, userId, month))) throw new DiscountGone();\n`,
    replace: ``,
    tests: [{ file: "apps/server/src/checkout/lifecycle-races.test.ts", name: "placing their second order of the month while the first is cancelled" }],
  },
  {
    name: "refund-customer-row-first",
    guards: "a refund keeping nothing back for a discounted order placed at the same moment (a refund, a cancel and a status move take the customer's row before the order's, so they wait for the place)",
    file: "packages/api/src/lifecycle/query.ts",
    find: `.where(and(which, customerRowsLockedFirst(which))).for("update");`,
    replace: `.where(which).for("update");`,
    tests: [{ file: "apps/server/src/checkout/lifecycle-races.test.ts", name: "a full refund waits for a place by the same customer" }],
  },
];

/** The source with the guard removed; throws when its text is not there exactly once (the guard moved). */
export function withoutGuard(mutation: GuardMutation, source: string): string {
  if (source.split(mutation.find).length !== 2) throw new Error(`guard mutation ${mutation.name}: its text is not in ${mutation.file} exactly once (the guard moved: update scripts/race-guards/mutations.ts)`);
  return source.replace(mutation.find, mutation.replace);
}
