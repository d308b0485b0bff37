/**
 * `npm run test:soak` (issue 26): two app servers behind nginx on PostgreSQL (a throwaway cluster of its own, so it can
 * be restarted), Redis (private) and s3rver (behind a proxy that can hang), mixed traffic for SOAK_SECONDS (default
 * 300) while faults are injected on a schedule. Then it counts from the database and the mail catcher: every order
 * placed ends paid, expired, failed or refunded; every paid order has one receipt; refunds never exceed payments; stock
 * is conserved; no 5xx except 502/503 while a fault lasts. Prints the figures, writes bench/results/soak.json, and
 * exits 1 when anything was lost.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { createDb } from "@mithai/db/client";
import { foodItems, invoices, orders, refunds } from "@mithai/db/schema";
import { eq, inArray, sql } from "@mithai/db/sql";
import { startSwitchableProxy } from "../apps/server/src/abuse/stalling-tcp";
import { testAddress } from "../apps/server/src/checkout/fixtures";
import { startBalancer } from "../apps/server/src/cluster/balancer";
import { startPrivateRedis } from "../apps/server/src/cluster/private-redis";
import { MailServer } from "../apps/server/src/faults/mail-server";
import { startPrivateCluster } from "../apps/server/src/faults/postgres-cluster";
import { freePort, sleep, startServer, until, type ServerProcess } from "../apps/server/src/faults/processes";
import { createAccount, multipart, pngBytes } from "../apps/server/src/rest/admin-fixtures";
import { startTestS3 } from "../apps/server/src/s3-testing";
import { TEST_JWT_SECRET } from "../apps/server/src/testing";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
/** This suite's ports (HELPERS: 3440–3449); the SMTP catcher takes a free one. */
const PORTS = { balancer: 3444, a: 3445, b: 3446, s3: 3447, s3Proxy: 3448, redis: 3449 } as const;
const KEY_ID = "rzp_test_soak";
const KEY_SECRET = "soak-key-secret-known-to-the-test";
const WEBHOOK_SECRET = "soak-webhook-secret-known-to-the-test";
const USERS = 6;
/** 5xx answers within this long after a fault ends still count as the fault's. */
const FAULT_GRACE_MS = 8_000;
const STOCK_KG = 100_000;

interface Answer {
  status: number;
  at: number;
  step: string;
  body: Record<string, unknown>;
}
const answers: Answer[] = [];

async function send(base: string, step: string, method: string, pathName: string, options: { body?: unknown; token?: string; address?: string; headers?: Record<string, string>; raw?: Buffer } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.address ? { "x-forwarded-for": options.address } : {}), ...options.headers };
  let body: string | Blob | undefined = options.raw ? new Blob([new Uint8Array(options.raw)]) : undefined;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let answer: Answer;
  try {
    const res = await fetch(`${base}${pathName}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = {};
    }
    answer = { status: res.status, at: Date.now(), step, body: json };
  } catch (error) {
    answer = { status: 0, at: Date.now(), step, body: { error: (error as Error).message } };
  }
  answers.push(answer);
  return answer;
}
const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300 && answer.body.success !== false;

interface Fault {
  name: string;
  startedAt: number;
  endedAt: number;
}
const faults: Fault[] = [];
async function fault(name: string, begin: () => Promise<void>, holdMs: number, end: () => Promise<void>): Promise<void> {
  const record: Fault = { name, startedAt: Date.now(), endedAt: Number.POSITIVE_INFINITY };
  faults.push(record);
  console.log(`soak: fault ${name}`);
  await begin();
  await sleep(holdMs);
  await end();
  record.endedAt = Date.now();
  console.log(`soak: fault ${name} healed after ${((record.endedAt - record.startedAt) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const logDir = mkdtempSync(path.join(tmpdir(), "mithai-soak-"));
  console.log(`soak: ${SECONDS} s of traffic, logs in ${logDir}`);
  const pg = await startPrivateCluster();
  const db = createDb({ databaseUrl: pg.url, maxConnections: 4 });
  const smtpPort = await freePort();
  const mail = new MailServer(smtpPort);
  await mail.start();
  let redis = await startPrivateRedis(PORTS.redis);
  const s3 = await startTestS3({ port: PORTS.s3 });
  const s3Proxy = await startSwitchableProxy(PORTS.s3Proxy, PORTS.s3);
  const servers: Partial<Record<"a" | "b", ServerProcess>> = {};
  const startShop = (name: "a" | "b") =>
    startServer(
      {
        PORT: String(PORTS[name]),
        DATABASE_URL: pg.url,
        REDIS_URL: redis.url,
        ...s3.env,
        S3_ENDPOINT: s3Proxy.url,
        STORAGE_TIMEOUT_MS: "3000",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), `mithai-soak-${name}-`)),
        PUBLIC_URL: `http://127.0.0.1:${PORTS.balancer}`,
        JWT_SECRET: TEST_JWT_SECRET,
        PAYMENTS_MODE: "sandbox",
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        SANDBOX_WEBHOOK_DELAY_SECONDS: "2",
        RECONCILE_AFTER_SECONDS: "3",
        RECONCILE_INTERVAL_SECONDS: "1",
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_RETRY_SECONDS: "1",
        LOG_LEVEL: "warn",
      },
      path.join(logDir, `${name}.log`),
      120_000,
    );
  let exitCode = 0;
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
  try {
    servers.a = await startShop("a");
    servers.b = await startShop("b");
    balancer = await startBalancer(PORTS.balancer, [PORTS.a, PORTS.b]);
    const lb = balancer.url;

    // The shop: an admin, a promo, every item's stock tracked, customers each on their own address.
    const admin = await createAccount(db.db, "admin");
    const adminHeaders = { authorization: `Bearer ${admin.token}` };
    await send(lb, "setup", "POST", "/api/admin/promos", { token: admin.token, body: { code: "SOAK10", kind: "percent", value: 10 } });
    const list = await send(lb, "setup", "GET", "/api/food/list");
    const items = (list.body.data as Array<{ _id: string; slug: string }>).slice(0, 6);
    for (const item of items) await send(lb, "setup", "PUT", `/api/admin/food/${item._id}/stock`, { token: admin.token, body: { stockKg: STOCK_KG } });
    const customers = await Promise.all(Array.from({ length: USERS }, async (_, i) => ({ ...(await createAccount(db.db, "user")), address: `198.51.100.${i + 10}` })));
    const picture = await pngBytes(320, 240);
    const paidOrders: string[] = [];
    const placed = new Set<string>();
    let uploads = 0;
    answers.length = 0;

    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

    async function checkout(who: (typeof customers)[number]): Promise<void> {
      const item = pick(items);
      if (!ok(await send(lb, "cart", "POST", "/api/cart/add", { token: who.token, address: who.address, body: { itemId: item._id, quantity: 1 } }))) return;
      const withPromo = Math.random() < 0.3;
      const place = await send(lb, "place", "POST", "/api/order/place", { token: who.token, address: who.address, body: { address: testAddress, items: [{ _id: item._id, quantity: 1 }], ...(withPromo ? { promoCode: "SOAK10" } : {}) } });
      if (!ok(place)) return;
      const orderId = String(place.body.orderId);
      placed.add(orderId);
      // One in five walks away from the payment window: the order must expire.
      if (Math.random() < 0.2) return;
      const paid = await send(lb, "pay", "POST", "/sandbox/razorpay/checkout/pay", { address: who.address, body: { key: KEY_ID, order_id: place.body.razorpayOrderId, method: "upi", outcome: Math.random() < 0.1 ? "failure" : "success" } });
      if (!ok(paid) || paid.body.status !== "captured") return;
      // One in ten closes the browser before verify: the webhook or the reconciler must confirm it.
      if (Math.random() < 0.1) return;
      const verified = await send(lb, "verify", "POST", "/api/order/verify", { token: who.token, address: who.address, body: paid.body.response });
      if (!ok(verified)) return;
      paidOrders.push(orderId);
      if (Math.random() < 0.15) await send(lb, "cancel", "POST", "/api/order/cancel", { token: who.token, address: who.address, body: { orderId } });
    }

    async function adminRefund(): Promise<void> {
      if (paidOrders.length === 0) return;
      const orderId = pick(paidOrders);
      const key = randomUUID();
      const body = Math.random() < 0.5 ? { amount: 1, reason: "Soak: a partial refund" } : { reason: "Soak: a full refund" };
      const first = await send(lb, "refund", "POST", `/api/admin/orders/${orderId}/refund`, { headers: { ...adminHeaders, "idempotency-key": key }, body });
      // An answer lost to a fault is retried with the same key: refunded once.
      if (first.status === 0 || first.status >= 500) await send(lb, "refund", "POST", `/api/admin/orders/${orderId}/refund`, { headers: { ...adminHeaders, "idempotency-key": key }, body });
    }

    async function adminUpload(): Promise<void> {
      const form = multipart(
        {
          name: `Soak Barfi ${uploads++}`,
          description: "Made under load.",
          price: "499",
          category: "Festive Sweets",
          ingredients: "Milk",
          benefits: "Patience",
          faq: JSON.stringify([
            { question: "Fresh?", answer: "Yes." },
            { question: "Vegetarian?", answer: "Yes." },
          ]),
        },
        { field: "image", filename: "soak.png", contentType: "image/png", bytes: picture },
      );
      const key = randomUUID();
      const first = await send(lb, "upload", "POST", "/api/food/add", { headers: { ...adminHeaders, ...form.headers, "idempotency-key": key }, raw: form.payload });
      if (first.status === 0 || first.status >= 500) await send(lb, "upload", "POST", "/api/food/add", { headers: { ...adminHeaders, ...form.headers, "idempotency-key": key }, raw: form.payload });
    }

    async function user(who: (typeof customers)[number]): Promise<void> {
      while (Date.now() < deadline) {
        const roll = Math.random();
        if (roll < 0.3) {
          await send(lb, "browse", "GET", "/api/food/list");
          await send(lb, "browse", "GET", `/api/food/slug/${pick(items).slug}`);
        } else if (roll < 0.65) await checkout(who);
        else if (roll < 0.75) await send(lb, "login", "POST", "/api/user/login", { address: who.address, body: { email: admin.email, password: `wrong-${randomUUID()}` } });
        else if (roll < 0.85) await adminRefund();
        else if (roll < 0.9) await adminUpload();
        else await send(lb, "cart", "POST", "/api/cart/get", { token: who.token, address: who.address, body: {} });
        await sleep(50);
      }
    }

    async function schedule(): Promise<void> {
      const at = async (fraction: number) => {
        const wait = started + fraction * SECONDS * 1000 - Date.now();
        if (wait > 0) await sleep(wait);
      };
      const pauser = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await pauser.connect();
      await at(0.08);
      await fault("redis paused", async () => void (await pauser.call("CLIENT", "PAUSE", "5000", "ALL")), 5_000, async () => {});
      pauser.disconnect();
      await at(0.2);
      await fault("s3 hung", async () => s3Proxy.hang(), 6_000, async () => s3Proxy.resume());
      await at(0.32);
      await fault("smtp down", () => mail.stop(), 8_000, () => mail.start());
      await at(0.44);
      await fault("app server b killed", () => servers.b!.kill(), 2_000, async () => void (servers.b = await startShop("b")));
      await at(0.62);
      await fault("redis killed", () => redis.stop(), 4_000, async () => void (redis = await startPrivateRedis(PORTS.redis)));
      await at(0.76);
      await fault("postgresql restarted", () => pg.stop(), 3_000, () => pg.start());
    }

    await Promise.all([...customers.map(user), schedule()]);
    const trafficSeconds = (Date.now() - started) / 1000;
    console.log(`soak: traffic done after ${trafficSeconds.toFixed(0)} s; settling`);

    // Orders still waiting for a payment: time passes for them (aged past the 30-minute expiry), the reconciler ends them.
    await db.db.execute(sql`update orders set created_at = created_at - interval '31 minutes' where payment_status = 'pending'`);
    await until("every order to leave pending", async () => (await db.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentStatus, "pending"))).length === 0, { timeoutMs: 90_000 }).catch((error: unknown) => console.warn(String(error)));
    const paidOrInvoiced = async () => (await db.db.selectDistinct({ orderId: invoices.orderId }).from(invoices)).map((row) => row.orderId);
    await until("every paid order's receipt", async () => (await paidOrInvoiced()).every((id) => mail.receiptsFor(id) >= 1), { timeoutMs: 90_000 }).catch((error: unknown) => console.warn(String(error)));
    await sleep(3_000);

    // The counts.
    const all = await db.db.select({ id: orders.id, status: orders.paymentStatus, amount: orders.amountPaise, stockHeld: orders.stockHeld, items: orders.items }).from(orders);
    const byStatus: Record<string, number> = {};
    for (const order of all) byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
    const unsettled = all.filter((order) => !["paid", "expired", "failed", "refunded"].includes(order.status)).length;
    const invoiced = await paidOrInvoiced();
    const receiptProblems = invoiced.filter((id) => mail.receiptsFor(id) !== 1);
    const refundRows = await db.db.select({ orderId: refunds.orderId, amount: refunds.amountPaise, status: refunds.status }).from(refunds);
    const refundedBy = new Map<string, number>();
    for (const row of refundRows) if (row.status !== "failed") refundedBy.set(row.orderId, (refundedBy.get(row.orderId) ?? 0) + row.amount);
    const overRefunded = all.filter((order) => (refundedBy.get(order.id) ?? 0) > order.amount).length;
    const stockNow = await db.db.select({ id: foodItems.id, stockKg: foodItems.stockKg }).from(foodItems).where(inArray(foodItems.id, items.map((item) => item._id)));
    const heldOrSold = new Map<string, number>();
    for (const order of all) {
      if (!order.stockHeld) continue;
      for (const line of order.items) if (line.reserved) heldOrSold.set(line.foodItemId, (heldOrSold.get(line.foodItemId) ?? 0) + line.quantity);
    }
    const stockMismatches = stockNow.filter((item) => (item.stockKg ?? 0) + (heldOrSold.get(item.id) ?? 0) !== STOCK_KG).length;
    const duringFault = (answer: Answer) => faults.some((f) => answer.at >= f.startedAt && answer.at <= f.endedAt + FAULT_GRACE_MS);
    const fiveXx = answers.filter((answer) => answer.status >= 500);
    const statusCounts: Record<string, number> = {};
    for (const answer of answers) statusCounts[answer.status] = (statusCounts[answer.status] ?? 0) + 1;
    const unexpected5xx = fiveXx.filter((answer) => !(duringFault(answer) && [502, 503, 504].includes(answer.status)));
    const unanswered = answers.filter((answer) => answer.status === 0);
    const placedLost = [...placed].filter((id) => !all.some((order) => order.id === id)).length;
    const uploadedNames = (await db.db.select({ name: foodItems.name }).from(foodItems).where(sql`${foodItems.name} like 'Soak Barfi %'`)).map((row) => row.name);
    const itemsAdded = uploadedNames.length;
    const duplicateUploads = itemsAdded - new Set(uploadedNames).size;

    const result = {
      seconds: SECONDS,
      trafficSeconds: Math.round(trafficSeconds),
      requests: { total: answers.length, byStatus: statusCounts, unanswered: unanswered.length, fiveXxDuringFaults: fiveXx.length - unexpected5xx.length, fiveXxOutsideFaults: unexpected5xx.length },
      orders: { placed: all.length, byStatus, unsettled, placedButMissing: placedLost },
      receipts: {
        paidOrders: invoiced.length,
        notExactlyOne: receiptProblems.length,
        missing: receiptProblems.filter((id) => mail.receiptsFor(id) === 0).length,
        duplicated: receiptProblems.filter((id) => mail.receiptsFor(id) > 1).length,
        mailsReceived: mail.received.length,
      },
      refunds: { rows: refundRows.length, ordersOverRefunded: overRefunded },
      stock: { itemsTracked: stockNow.length, notConserved: stockMismatches },
      uploads: { sent: uploads, itemsAdded, duplicated: duplicateUploads },
      faults: faults.map((f) => ({ name: f.name, atSecond: Math.round((f.startedAt - started) / 1000), lastedSeconds: Math.round((f.endedAt - f.startedAt) / 100) / 10 })),
      lost: unsettled + receiptProblems.length + overRefunded + stockMismatches + placedLost + unexpected5xx.length + duplicateUploads,
      examples: unexpected5xx.slice(0, 5).map((answer) => ({ step: answer.step, status: answer.status, body: answer.body })),
    };
    console.log(JSON.stringify(result, null, 2));
    mkdirSync(path.join(root, "bench/results"), { recursive: true });
    writeFileSync(path.join(root, "bench/results/soak.json"), `${JSON.stringify({ ...result, measuredAt: new Date().toISOString() }, null, 2)}\n`);
    console.log(`soak: ${result.requests.total} requests, ${result.orders.placed} orders, ${faults.length} faults survived, anything lost = ${result.lost} (bench/results/soak.json)`);
    if (result.lost > 0) exitCode = 1;
  } finally {
    await balancer?.stop();
    await Promise.all([servers.a?.kill(), servers.b?.kill()]);
    await mail.stop();
    await s3Proxy.close();
    await s3.close();
    await redis.stop();
    await db.close();
    await pg.destroy();
    if (process.env.SOAK_KEEP_LOGS) console.log(`soak: server logs kept in ${logDir}`);
    else rmSync(logDir, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

await main();
