/**
 * npm run bench:auth — what checking a token costs per authenticated request: the signature check
 * (cached per token, all a request paid before tokens could be revoked) against that plus the read of the
 * account's token version (what every authenticated request pays now). On the embedded database, or on
 * PostgreSQL when TEST_DATABASE_URL is set (a fresh database is created and dropped). Also: what a forgot-password
 * request costs for an e-mail with an account and for one without (they should be the same: both write the outbox
 * row with one INSERT … SELECT, and the mail is the outbox worker's work).
 */
import { authenticateToken, requestPasswordReset, signAuthToken, verifyAuthToken } from "@mithai/api";
import { createTestContext } from "@mithai/api/testing";
import type { RateLimiter } from "@mithai/api";
import { eq } from "@mithai/db/sql";
import { users } from "@mithai/db/schema";
import { createTestDb, insertTestUser } from "@mithai/db/testing";

const ROUNDS = Number(process.env.BENCH_AUTH_ROUNDS ?? 5000);
const secret = "bench-secret-bench-secret-bench-secret-42";

async function microsPerCall(call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await call();
  const started = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) await call();
  return Number(process.hrtime.bigint() - started) / 1000 / ROUNDS;
}

const database = await createTestDb();
try {
  const userId = await insertTestUser(database.db);
  const token = await signAuthToken({ userId, role: "user" }, secret);
  if (!(await authenticateToken(database.db, token, secret))) throw new Error("the bench token did not authenticate");
  const before = await microsPerCall(() => verifyAuthToken(token, secret));
  const after = await microsPerCall(() => authenticateToken(database.db, token, secret));
  const store = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "embedded PGlite";
  console.log(`token check per authenticated request (${store}, ${ROUNDS} rounds, one after another):`);
  console.log(`  signature only (cached), before revocation: ${before.toFixed(1)} µs`);
  console.log(`  signature + token version read, now:        ${after.toFixed(1)} µs`);
  console.log(`  added per request:                          ${(after - before).toFixed(1)} µs`);

  // forgot-password, without its rate limits (the bench asks thousands of times) and without sending (no worker runs).
  const [user] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const unlimited: RateLimiter = { consume: async () => {}, tryConsume: async () => true, assertNotExhausted: async () => {}, giveBack: async () => {}, clear: async () => {} };
  const ctx = createTestContext(database.db);
  const forgotCtx = { ...ctx, limits: { ...ctx.limits, forgotPasswordPerIp: unlimited, forgotPasswordPerAccountIp: unlimited, forgotPasswordPerAccount: unlimited } };
  const rounds = Math.min(ROUNDS, 2000);
  const timed = async (email: string) => {
    const started = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) await requestPasswordReset(forgotCtx, email);
    return Number(process.hrtime.bigint() - started) / 1000 / rounds;
  };
  await timed("warm-up@example.in");
  const known = await timed(user!.email);
  const unknown = await timed("nobody-here@example.in");
  console.log(`forgot-password request (${rounds} each, mail left to the outbox worker):`);
  console.log(`  e-mail with an account:    ${known.toFixed(1)} µs`);
  console.log(`  e-mail without an account: ${unknown.toFixed(1)} µs`);
} finally {
  await database.close();
}
