import fc from "fast-check";
import { afterAll, beforeAll, describe, it, vi } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { createTestDb, testDatabaseKind } from "@mithai/db/testing";
import { routeProviderToSandbox, TEST_CONFIG } from "../testing";
import { describeEvent, shopSequence, type ShopEvent } from "./model/events";
import { insertPeople, resetWorld, runEvent, tick, type People } from "./model/driver";
import { checkAll, INVARIANTS, menuOf, readShop, type InvariantName } from "./model/invariants";

/**
 * The order's life, model-based: random sequences of what customers, the admin, the payment provider and time do
 * (place with or without a promo code, pay, pay late, verify, webhooks, abandon, expiry on a moved clock, reconciler
 * passes, cancel, partial and full refunds and their settlement, status changes, price changes, items taken off the
 * menu, stock counts, promo edits — three customers) against a real database, with the shop's rules checked after
 * every step (./model/invariants.ts). On PostgreSQL (npm run test:db) steps also run two at once.
 *
 * A failure prints fast-check's seed and path and the shrunk sequence, with what each step did. To replay one:
 * MODEL_SEED=<seed> MODEL_PATH=<path> npx vitest run packages/api/src/lifecycle/model.test.ts
 * MODEL_RUNS sets the number of sequences (default 300 on PostgreSQL, where steps also race; 150 on PGlite, npm test's
 * quicker pass); MODEL_CHECK_ALL=1 checks every rule on PGlite too. A sequence
 * that broke a rule goes into ONCE_BROKEN once fixed: it is replayed on every run (the random ones may not come back to it).
 */

const onPostgres = testDatabaseKind() === "postgres";
const RUNS = Number(process.env.MODEL_RUNS ?? (onPostgres ? 300 : 150));

/**
 * Invariants left out of the PGlite run while the lifecycle that keeps them is unfinished (each one named here is a
 * rule the shop still breaks). Empty means every rule is checked. Never add one to make a run pass silently: the
 * PostgreSQL run always checks them all.
 */
const NOT_YET_KEPT_ON_PGLITE: InvariantName[] = [
  // Empty since the lifecycle (issue 25) landed; on main (e02f642) the test found seven rules broken.
];

/** For exploring: MODEL_SKIP=a,b leaves those checks out of this run. */
const skipped = new Set<InvariantName>([
  ...(onPostgres || process.env.MODEL_CHECK_ALL ? [] : NOT_YET_KEPT_ON_PGLITE),
  ...((process.env.MODEL_SKIP ?? "").split(",").filter(Boolean) as InvariantName[]),
]);
for (const name of skipped) if (!INVARIANTS.includes(name)) throw new Error(`MODEL_SKIP names no invariant: ${name}`);

const PAYMENT_WINDOW_MINUTES = (TEST_CONFIG as { paymentWindowMinutes?: number }).paymentWindowMinutes ?? 15;

let database: DbHandle;
let people: People;
// The simulated clock starts at the real time (the database's own now() then agrees with it) and only moves forward.
const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);

beforeAll(async () => {
  database = await createTestDb();
  routeProviderToSandbox(database.db);
  people = await insertPeople(database.db);
  vi.useFakeTimers({ toFake: ["Date"] });
});

afterAll(async () => {
  vi.useRealTimers();
  await database?.close();
});

/** Where the time goes (printed at the end): reset, the events themselves, the checks. */
const spent = { reset: 0, events: 0, checks: 0, steps: 0 };
const timed = async <T>(part: "reset" | "events" | "checks", work: () => Promise<T>): Promise<T> => {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    spent[part] += performance.now() - t0;
  }
};

async function runSequence(events: ShopEvent[]): Promise<void> {
  const { db } = database;
  const world = await timed("reset", () => resetWorld(db, people, start, (at) => vi.setSystemTime(at)));
  let before = await readShop(db);
  for (const [index, event] of events.entries()) {
    world.reconciled = false;
    const previousNow = index > 0 ? world.now : undefined;
    tick(world, 1000);
    spent.steps += 1;
    const said = await timed("events", () => runEvent(world, event)).catch((error: unknown) => {
      throw new Error(`step ${index} (${describeEvent(event)}) threw (the error below); what happened before:\n${world.log.join("\n")}`, { cause: error });
    });
    world.log.push(`  ${index}. ${describeEvent(event)} → ${said}`);
    const { after, broken } = await timed("checks", async () => {
      const after = await readShop(db);
      const broken = await checkAll(
        { db, before, after, menus: [menuOf(before), menuOf(after)], putIn: world.putIn, now: world.now, previousNow, reconciled: world.reconciled, paymentWindowMinutes: PAYMENT_WINDOW_MINUTES, adminIds: new Set([people.adminId]) },
        skipped,
      );
      return { after, broken };
    });
    if (broken.size > 0) {
      const rules = [...broken].map(([name, found]) => `  ${name}: ${found.join("; ")}`).join("\n");
      throw new Error(`after step ${index} the shop broke its rules:\n${rules}\nwhat happened:\n${world.log.join("\n")}`);
    }
    before = after;
  }
  if (process.env.MODEL_DEBUG) console.info(world.log.join("\n"));
}

/** Sequences that once broke a rule, each fixed since: replayed on every run, beside the random ones. */
const ONCE_BROKEN: { broke: string; events: ShopEvent[] }[] = [
  {
    broke: "clawbackOnlyWhileRelied: ₹150 kept back from a cancelled order after the discounted order it was kept for was abandoned",
    events: [
      { kind: "place", customer: 0, lines: [{ item: 0, kg: 1 }], promo: null },
      { kind: "pay", order: 0, succeed: true, deliver: "verify" },
      { kind: "place", customer: 0, lines: [{ item: 0, kg: 1 }], promo: null },
      // Orders count from the newest: 1 is the first one placed, 0 the discounted one.
      { kind: "cancel", order: 1 },
      { kind: "abandon", order: 0 },
    ],
  },
  {
    broke: "discountEarned: a discounted order paid after its declined attempt, once the order it relied on was cancelled in full",
    events: [
      { kind: "place", customer: 0, lines: [{ item: 0, kg: 1 }], promo: null },
      { kind: "pay", order: 0, succeed: true, deliver: "verify" },
      { kind: "place", customer: 0, lines: [{ item: 0, kg: 1 }], promo: null },
      { kind: "pay", order: 0, succeed: false, deliver: "webhook" },
      { kind: "cancel", order: 1 },
      { kind: "pay", order: 0, succeed: true, deliver: "verify" },
    ],
  },
  {
    broke: "discountEarned: ₹1 refunded on cancelling a ₹125 order (a promo's half price) that a ₹150 discount relied on, so ₹124 was clawed back",
    events: [
      { kind: "place", customer: 0, lines: [{ item: 0, kg: 1 }], promo: "HALF" },
      { kind: "pay", order: 0, succeed: true, deliver: "verify" },
      { kind: "place", customer: 0, lines: [{ item: 0, kg: 1 }], promo: null },
      { kind: "pay", order: 0, succeed: true, deliver: "verify" },
      { kind: "cancel", order: 1 },
      { kind: "place", customer: 0, lines: [{ item: 0, kg: 1 }], promo: null },
    ],
  },
];

describe(`the order's life, model-based (${onPostgres ? "PostgreSQL, two steps at once" : "PGlite"})`, () => {
  it.each(ONCE_BROKEN)("keeps the rule it once broke: $broke", ({ events }) => runSequence(events));

  it(`keeps the shop's rules through ${RUNS} random sequences of events`, async () => {
    const started = performance.now();
    const seed = process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : undefined;
    await fc.assert(fc.asyncProperty(shopSequence({ concurrent: onPostgres }), runSequence), {
      numRuns: RUNS,
      seed,
      path: process.env.MODEL_PATH,
    });
    const seconds = (performance.now() - started) / 1000;
    console.info(`model test: ${RUNS} sequences on ${onPostgres ? "PostgreSQL" : "PGlite"} in ${seconds.toFixed(1)} s (${spent.steps} steps; reset ${(spent.reset / 1000).toFixed(1)} s, events ${(spent.events / 1000).toFixed(1)} s, checks ${(spent.checks / 1000).toFixed(1)} s)${skipped.size ? ` (not checked: ${[...skipped].join(", ")})` : ""}`);
  }, 600_000);
});
