/**
 * Several servers (issue 19): the catalogue through nginx round-robin with one app server behind it and then with
 * two (same run, same database), and what the shared rate limit costs per request (a count in Redis against one in
 * the process's memory). Needs PostgreSQL (BENCH_DATABASE_URL), nginx and redis-server; skipped without nginx.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import postgres from "postgres";
import { createRateLimiterFactory, type RateLimitStore } from "@mithai/api";
import { nginxBinary, startBalancer } from "../apps/server/src/cluster/balancer";
import { startPrivateRedis } from "../apps/server/src/cluster/private-redis";
import { measure, startProcess, type LoadResult, type Started } from "./lib";

export interface ClusterResult {
  /** The same endpoints through nginx: one server behind it, then two. */
  oneServer: LoadResult[];
  twoServers: LoadResult[];
  rateLimit: { memoryMicrosPerCheck: number; redisMicrosPerCheck: number; redisChecksPerSecondAt50: number; memoryChecksPerSecondAt50: number };
}

const ROUNDS = 5000;

export async function clusterLoad(options: { root: string; seconds: number; ports: { balancer: number; a: number; b: number; redis: number } }): Promise<ClusterResult | null> {
  if (!nginxBinary()) {
    console.warn("bench: nginx is not installed, the two-server figures are skipped (apt-get install nginx)");
    return null;
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `mithai_bench_cluster_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const redis = await startPrivateRedis(options.ports.redis);
  const started: Started[] = [];
  try {
    const serverEnv = (port: number) => ({
      PORT: String(port),
      DATABASE_URL: url.toString(),
      REDIS_URL: redis.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "mithai-bench-cluster-")),
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      ALLOW_SANDBOX_PAYMENTS: "true",
      JWT_SECRET: "bench-secret-bench-secret-bench-secret-42",
      RAZORPAY_KEY_ID: "rzp_test_bench",
      RAZORPAY_KEY_SECRET: "bench-sandbox-key-secret",
      RAZORPAY_WEBHOOK_SECRET: "bench-sandbox-webhook-secret",
    });
    const entry = path.join(options.root, "apps/server/dist/server.js");
    const a = await startProcess("node", [entry], serverEnv(options.ports.a), `http://127.0.0.1:${options.ports.a}/readyz`);
    started.push(a);
    const b = await startProcess("node", [entry], serverEnv(options.ports.b), `http://127.0.0.1:${options.ports.b}/readyz`);
    started.push(b);

    const through = async (upstreams: number[], pids: number[], label: string) => {
      const balancer = await startBalancer(options.ports.balancer, upstreams);
      try {
        const base = balancer.url;
        const slug = ((await (await fetch(`${base}/api/food/list`)).json()) as { data: { slug: string }[] }).data[0]!.slug;
        const results: LoadResult[] = [];
        for (const [endpoint, target] of [
          ["REST GET /api/food/list", `${base}/api/food/list`],
          ["REST GET /api/food/slug/{slug}", `${base}/api/food/slug/${slug}`],
          ["tRPC catalog.list", `${base}/trpc/catalog.list`],
        ] as const) {
          results.push(await measure(`${endpoint} (${label})`, target, { seconds: options.seconds, serverPid: pids }));
        }
        return results;
      } finally {
        await balancer.stop();
      }
    };
    const oneServer = await through([options.ports.a], [a.child.pid!], "nginx → 1 server");
    const twoServers = await through([options.ports.a, options.ports.b], [a.child.pid!, b.child.pid!], "nginx → 2 servers");
    return { oneServer, twoServers, rateLimit: await rateLimitCost(redis.url) };
  } finally {
    for (const server of started) await server.stop();
    await redis.stop();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** One limit check (`consume`) as every limited request makes it: in memory, and in Redis (one round trip). */
async function rateLimitCost(redisUrl: string): Promise<ClusterResult["rateLimit"]> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const limiterOver = (store: RateLimitStore) => createRateLimiterFactory(store).create({ name: "bench", points: 1_000_000_000, durationSeconds: 3600, message: "bench" });
    const memory = limiterOver({ kind: "memory" });
    const shared = limiterOver({ kind: "redis", client, prefix: `bench:${randomBytes(4).toString("hex")}` });
    const sequential = async (check: () => Promise<void>) => {
      for (let i = 0; i < 500; i++) await check();
      const begun = process.hrtime.bigint();
      for (let i = 0; i < ROUNDS; i++) await check();
      return Number(process.hrtime.bigint() - begun) / 1000 / ROUNDS;
    };
    const concurrent = async (check: (i: number) => Promise<void>) => {
      const begun = performance.now();
      let next = 0;
      await Promise.all(Array.from({ length: 50 }, async () => {
        while (next < ROUNDS * 4) await check(next++);
      }));
      return Math.round((ROUNDS * 4) / ((performance.now() - begun) / 1000));
    };
    return {
      memoryMicrosPerCheck: Number((await sequential(() => memory.consume("203.0.113.7"))).toFixed(1)),
      redisMicrosPerCheck: Number((await sequential(() => shared.consume("203.0.113.7"))).toFixed(1)),
      // Many addresses at once, as a busy shop's requests are.
      memoryChecksPerSecondAt50: await concurrent((i) => memory.consume(`198.51.100.${i % 250}`)),
      redisChecksPerSecondAt50: await concurrent((i) => shared.consume(`198.51.100.${i % 250}`)),
    };
  } finally {
    client.disconnect();
  }
}

export function clusterTable(cluster: ClusterResult): string {
  const lines = [
    "several servers: the same endpoints through nginx round-robin, one app server behind it and then two (PostgreSQL, Redis for the limits); server CPU is both servers' together",
    "| endpoint | req/s | p50 ms | p99 ms | server CPU µs/req | errors | non-2xx |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...[...cluster.oneServer, ...cluster.twoServers].map((r) => `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.serverCpuMicrosPerRequest ?? "n/a"} | ${r.errors} | ${r.non2xx} |`),
  ];
  const { rateLimit } = cluster;
  lines.push(
    "",
    `shared rate limit, one check per limited request: in memory ${rateLimit.memoryMicrosPerCheck} µs, in Redis ${rateLimit.redisMicrosPerCheck} µs one after another; ` +
      `${rateLimit.memoryChecksPerSecondAt50} vs ${rateLimit.redisChecksPerSecondAt50} checks/s with 50 at once`,
  );
  return lines.join("\n");
}
