/**
 * The checkout path under load: 50 concurrent customers each placing an order (POST /api/order/place) and
 * verifying its payment (POST /api/order/verify) in sandbox mode, against a throwaway PostgreSQL database.
 * Afterwards the database is counted to prove no order was lost or duplicated. With `stockTracked` every item
 * has a stock (issue 18: place reserves it under a row lock, payment keeps it), and the stock left must equal
 * what was there less what was sold.
 */
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { SMTPServer } from "smtp-server";
import { processCpuMs, startProcess, type Started } from "./lib";

/** The bench gives the sandbox a known key secret, so it can sign payments as the sandbox does (payments/signatures.ts). */
const SANDBOX_KEY_SECRET = "bench-sandbox-key-secret";
/** The shop lets one customer place 10 orders a minute (orders/place.ts); stay under it. */
const ORDERS_PER_CUSTOMER = 8;

const ADDRESS = {
  fullName: "Bench Customer",
  email: "bench@example.in",
  street: "12 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  pincode: "560001",
  mobile: "9876543210",
};

export interface CheckoutResult {
  /** Every item's stock tracked (reserved at place) or none; when tracked, whether the stock left is what was put in less what was sold. */
  stockTracked: boolean;
  stockAddsUp: boolean;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  concurrency: number;
  customers: number;
  seconds: number;
  placed: number;
  verified: number;
  failed: number;
  paidRows: number;
  paymentRows: number;
  orderRows: number;
  duplicates: number;
  verifiedButNotPaid: number;
  /** The shop process's own CPU time per order in the measured phase (Linux only): comparable across busy and quiet machines. */
  serverCpuMsPerOrder: number | null;
  /** PostgreSQL's CPU time per order when it runs on this machine (null otherwise). */
  postgresCpuMsPerOrder: number | null;
  /** This load generator's CPU time per order: it shares the machine with the shop and PostgreSQL. */
  clientCpuMsPerOrder: number;
  /** Order confirmations the mail server received (the shop sends them after answering verify). */
  receipts: number;
  /** Every verified order is paid exactly once in the database, nothing else is, and each got one receipt. */
  consistent: boolean;
}

interface Customer {
  token: string;
}

/** CPU time of every local PostgreSQL process (the shop's connections are long-lived, so a difference counts their work). */
function postgresCpuMs(): number | null {
  if (!existsSync("/proc/self/stat")) return null;
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const fields = stat.split(") ")[1]!.split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
}

/** Runs `task` over `items` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index]!, index);
      }
    }),
  );
}

/** Null (with a note on stderr) when PostgreSQL cannot be reached. */
export async function checkoutLoad(options: { root: string; port: number; orders: number; concurrency: number; stockTracked?: boolean }): Promise<CheckoutResult | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const dbName = `mithai_bench_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await admin.unsafe(`create database ${dbName}`);
  } catch (error) {
    console.error(`checkout bench skipped: cannot create a database on ${adminUrl} (${(error as Error).message}); set BENCH_DATABASE_URL`);
    await admin.end();
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const base = `http://127.0.0.1:${options.port}`;
  const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-bench-checkout-"));
  // The shop mails each receipt through SMTP, as in production; this is its mail server.
  const mailServer = await startMailSink();
  let server: Started | undefined;
  try {
    server = await startProcess(
      "node",
      // BENCH_CPU_PROF=<dir> writes the server's CPU profile there, to see where the time goes.
      [...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), path.join(options.root, "apps/server/dist/server.js")],
      {
        PORT: String(options.port),
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        PAYMENTS_MODE: "sandbox",
        RAZORPAY_KEY_SECRET: SANDBOX_KEY_SECRET,
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        ALLOW_SANDBOX_PAYMENTS: "true",
        JWT_SECRET: "bench-secret-bench-secret-bench-secret-42",
        SMTP_URL: mailServer.url,
      },
      `${base}/readyz`,
    );
    return await run(base, db, server.child.pid!, mailServer, options);
  } finally {
    await server?.stop();
    await mailServer.close();
    await db.end();
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The load generator shares the two cores with the shop and PostgreSQL: plain node:http with kept-alive
// connections costs it far less CPU per request than fetch.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post<T>(base: string, pathName: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: T }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${pathName}`,
      { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString("utf8")) as T });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

interface MailSink {
  url: string;
  receipts(): number;
  close(): Promise<void>;
}

/** A local SMTP server that takes every mail and counts the order confirmations. */
async function startMailSink(): Promise<MailSink> {
  let receipts = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        if (/^Subject: .* confirmed$/m.test(head)) receipts++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  const { port } = sink.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    receipts: () => receipts,
    close: () => new Promise<void>((resolve) => sink.close(() => resolve())),
  };
}

async function run(
  base: string,
  db: postgres.Sql,
  serverPid: number,
  mail: MailSink,
  options: { orders: number; concurrency: number; stockTracked?: boolean },
): Promise<CheckoutResult> {
  const items = ((await (await fetch(`${base}/api/food/list`)).json()) as { data: { _id: string }[] }).data.map((item) => item._id);
  const stockEach = options.orders * 2;
  if (options.stockTracked) {
    // Not measured: every item gets plenty of stock (so nothing is refused), and the servers hear of it.
    await db`update food_items set stock_kg = ${stockEach}`;
    await db`select pg_notify('mithai_catalog_changed', '')`;
  }
  const customerCount = Math.max(options.concurrency, Math.ceil(options.orders / ORDERS_PER_CUSTOMER));
  const runTag = randomBytes(4).toString("hex");

  // Setup, not measured: sign-ups (argon2) from distinct client addresses, as real customers come from.
  const customers: Customer[] = [];
  await pool(Array.from({ length: customerCount }, (_, i) => i), 8, async (i) => {
    const { json } = await post<{ success: boolean; token?: string; message?: string }>(
      base,
      "/api/user/register",
      { name: `Bench ${i}`, email: `bench-${runTag}-${i}@example.in`, password: "bench-password-123" },
      { "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
    );
    if (!json.token) throw new Error(`registration failed: ${json.message}`);
    customers[i] = { token: json.token };
  });

  const latencies: number[] = [];
  const verifiedOrderIds: string[] = [];
  let placed = 0;
  let failed = 0;
  let measuredMs = 0;
  let serverCpu: number | null = 0;
  let postgresCpu: number | null = 0;
  let clientCpuMicros = 0;
  let remaining = options.orders;
  while (remaining > 0) {
    const round = customers.slice(0, Math.min(customers.length, remaining));
    remaining -= round.length;
    // Each customer's server cart is filled before the round (finalizePaid empties it); not measured.
    await pool(round, options.concurrency, async (customer, i) => {
      const { status } = await post(base, "/api/cart/add", { itemId: items[i % items.length], quantity: 1 }, { token: customer.token });
      if (status !== 200) throw new Error(`cart add answered ${status}`);
    });
    const started = performance.now();
    const cpuBefore = processCpuMs(serverPid);
    const postgresBefore = postgresCpuMs();
    const clientBefore = process.cpuUsage();
    await pool(round, options.concurrency, async (customer) => {
      const orderStarted = performance.now();
      const headers = { authorization: `Bearer ${customer.token}` };
      const placing = await post<{ success: boolean; razorpayOrderId?: string }>(base, "/api/order/place", { address: ADDRESS }, headers);
      if (!placing.json.razorpayOrderId) {
        if (failed++ === 0) console.error(`checkout bench: place answered ${placing.status} ${JSON.stringify(placing.json)}`);
        return;
      }
      placed++;
      // What Razorpay's checkout hands the page after the customer pays.
      const paymentId = `pay_bench${randomBytes(8).toString("hex")}`;
      const signature = createHmac("sha256", SANDBOX_KEY_SECRET).update(`${placing.json.razorpayOrderId}|${paymentId}`).digest("hex");
      const verifying = await post<{ success: boolean; orderId?: string }>(
        base,
        "/api/order/verify",
        { razorpay_order_id: placing.json.razorpayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature },
        headers,
      );
      if (!verifying.json.success || !verifying.json.orderId) {
        if (failed++ === 0) console.error(`checkout bench: verify answered ${verifying.status} ${JSON.stringify(verifying.json)}`);
        return;
      }
      verifiedOrderIds.push(verifying.json.orderId);
      latencies.push(performance.now() - orderStarted);
    });
    measuredMs += performance.now() - started;
    const clientUsed = process.cpuUsage(clientBefore);
    clientCpuMicros += clientUsed.user + clientUsed.system;
    const cpuAfter = processCpuMs(serverPid);
    const postgresAfter = postgresCpuMs();
    postgresCpu = postgresCpu === null || postgresBefore === null || postgresAfter === null ? null : postgresCpu + postgresAfter - postgresBefore;
    serverCpu = serverCpu === null || cpuBefore === null || cpuAfter === null ? null : serverCpu + cpuAfter - cpuBefore;
  }

  const [counts] = await db<{ orders: number; paid: number; payments: number; duplicates: number; missing: number; stockLeft: number | null }[]>`
    select
      (select sum(stock_kg)::int from food_items where removed_at is null) as "stockLeft",
      (select count(*)::int from orders) as orders,
      (select count(*)::int from orders where payment_status = 'paid') as paid,
      (select count(*)::int from payments) as payments,
      (select count(*)::int from (select order_id from payments group by order_id having count(*) > 1) d) as duplicates,
      (select count(*)::int from unnest(${verifiedOrderIds}::uuid[]) v(id)
         where not exists (select 1 from orders o where o.id = v.id and o.payment_status = 'paid')) as missing`;
  latencies.sort((a, b) => a - b);
  const verified = verifiedOrderIds.length;
  // Receipts go out after the answers: give the last ones a moment to arrive.
  for (let waited = 0; mail.receipts() < counts!.paid && waited < 30_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  const duplicates = counts!.duplicates + (verified - new Set(verifiedOrderIds).size);
  // Each order is 1 kg: the stock left is what was put in less the paid orders.
  const stockAddsUp = !options.stockTracked || counts!.stockLeft === stockEach * items.length - counts!.paid;
  return {
    stockTracked: Boolean(options.stockTracked),
    stockAddsUp,
    ordersPerSecond: Math.round(verified / (measuredMs / 1000)),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    concurrency: options.concurrency,
    customers: customerCount,
    seconds: Math.round(measuredMs / 100) / 10,
    placed,
    verified,
    failed,
    paidRows: counts!.paid,
    paymentRows: counts!.payments,
    orderRows: counts!.orders,
    clientCpuMsPerOrder: verified === 0 ? 0 : Math.round(clientCpuMicros / verified / 100) / 10,
    serverCpuMsPerOrder: serverCpu === null || verified === 0 ? null : Math.round((serverCpu / verified) * 10) / 10,
    postgresCpuMsPerOrder: postgresCpu === null || verified === 0 ? null : Math.round((postgresCpu / verified) * 10) / 10,
    // Two payments on one order, or one order answered as verified twice.
    duplicates,
    verifiedButNotPaid: counts!.missing,
    receipts: mail.receipts(),
    consistent: stockAddsUp && duplicates === 0 && counts!.missing === 0 && counts!.paid === verified && counts!.payments === verified && mail.receipts() === verified,
  };
}

/** The checkout table: one row per run (stock untracked, stock tracked), with tracked's throughput against untracked's. */
export function printCheckout(results: CheckoutResult[]): void {
  const [first] = results;
  if (!first) return;
  console.log(`\ncheckout (place + verify, sandbox payments, PostgreSQL, receipts by SMTP to a local mail server), ${first.concurrency} concurrent customers:`);
  console.log("| stock | orders | orders/s | × untracked | p50 ms | p99 ms | failed | shop CPU ms/order | PostgreSQL CPU ms/order | load generator CPU ms/order |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  const untracked = results.find((r) => !r.stockTracked);
  for (const r of results) {
    const ratio = untracked ? (r.ordersPerSecond / untracked.ordersPerSecond).toFixed(2) : "n/a";
    console.log(
      `| ${r.stockTracked ? "tracked" : "untracked"} | ${r.verified} in ${r.seconds} s | ${r.ordersPerSecond} | ${ratio} | ${r.p50Ms} | ${r.p99Ms} | ${r.failed} | ${r.serverCpuMsPerOrder ?? "n/a"} | ${r.postgresCpuMsPerOrder ?? "n/a"} | ${r.clientCpuMsPerOrder} |`,
    );
  }
  for (const r of results) {
    console.log(
      `${r.stockTracked ? "tracked" : "untracked"}: orders placed / verified / paid rows / payment rows / receipts mailed / duplicates: ${r.placed} / ${r.verified} / ${r.paidRows} / ${r.paymentRows} / ${r.receipts} / ${r.duplicates}` +
        (r.stockTracked ? `; stock left ${r.stockAddsUp ? "adds up" : "DOES NOT ADD UP"}` : "") +
        (r.consistent ? " — consistent" : ` — INCONSISTENT (${r.verifiedButNotPaid} verified orders not paid, ${r.receipts} receipts for ${r.verified} orders)`),
    );
  }
}
