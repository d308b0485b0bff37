import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "@mithai/db/sql";
import { refunds } from "@mithai/db/schema";
import { bearer, createAccount } from "../rest/admin-fixtures";
import { createCheckoutApp, createCustomer, eventually, fillCart, payInSandboxWindow, placeOrderVia, verifyVia } from "../checkout/fixtures";
import { collectDefaultMetrics } from "prom-client";
import type { TestApp } from "../testing";
import { PROCESS_COLLECTOR_NAMES } from "./process-metrics";
import { scrape } from "./scrape";

const moved = (before: Map<string, number>, after: Map<string, number>, sample: string) => (after.get(sample) ?? 0) - (before.get(sample) ?? 0);

describe("metrics", () => {
  let t: TestApp;
  let metricsUrl: string;
  let publicUrl: string;
  beforeAll(async () => {
    t = await createCheckoutApp();
    metricsUrl = t.app.operations.metricsUrl()!;
    publicUrl = t.env.internalUrl;
    const address = t.app.server.address();
    publicUrl = typeof address === "object" && address ? `http://127.0.0.1:${address.port}` : publicUrl;
  });
  afterAll(() => t.close());

  it("moves the order, refund and provider counters by exactly one for one checkout and one refund", async () => {
    const admin = await createAccount(t.database.db, "admin");
    const buyer = await createCustomer(t);
    await fillCart(t, buyer, [1]);
    const before = await scrape(metricsUrl);

    const { body: placed } = await placeOrderVia(t, buyer);
    const paid = await payInSandboxWindow(t, placed);
    expect((await verifyVia(t, buyer, paid.response!)).status).toBe(200);
    // The sandbox's own webhook for the same payment must not count it again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refunded = await t.app.inject({ method: "POST", url: `/api/admin/orders/${placed.orderId}/refund`, headers: bearer(admin.token), payload: { reason: "Customer asked" } });
    expect(refunded.statusCode).toBe(200);
    await eventually(async () => (await t.database.db.select().from(refunds).where(eq(refunds.orderId, placed.orderId)))[0]?.status === "processed");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await scrape(metricsUrl);

    expect(moved(before, after, 'mithai_orders_total{state="placed"}')).toBe(1);
    expect(moved(before, after, 'mithai_orders_total{state="paid"}')).toBe(1);
    expect(moved(before, after, 'mithai_orders_total{state="expired"}')).toBe(0);
    expect(moved(before, after, 'mithai_refunds_total{status="pending"}')).toBe(1);
    expect(moved(before, after, 'mithai_refunds_total{status="processed"}')).toBe(1);
    expect(moved(before, after, 'mithai_refunds_total{status="failed"}')).toBe(0);
    expect(moved(before, after, 'mithai_provider_calls_total{operation="POST /v1/orders",outcome="ok"}')).toBe(1);
    expect(moved(before, after, 'mithai_provider_calls_total{operation="POST /v1/payments/{id}/refund",outcome="ok"}')).toBe(1);
    expect(moved(before, after, 'mithai_http_requests_total{route="/api/order/place",method="POST",status="200"}')).toBe(1);
    expect(moved(before, after, 'mithai_http_request_duration_seconds_count{route="/api/admin/orders/:orderId/refund",method="POST"}')).toBe(1);
    // Read from the database at the scrape: the receipt and the refund mail went into the outbox.
    expect(after.get("mithai_outbox_waiting")).toBeGreaterThanOrEqual(0);
    expect(after.get("mithai_database_up")).toBe(1);
    expect(after.get("mithai_db_pool_max_connections")).toBe(t.database.maxConnections);
    expect(moved(before, after, 'mithai_db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(5);
    expect([...after.keys()].every((sample) => sample.startsWith("mithai_"))).toBe(true);
    expect(after.has("mithai_nodejs_eventloop_lag_seconds")).toBe(true);
  });

  it("shows prom-client's process figures, all but its GC histogram", async () => {
    // Every default collector prom-client has but gc: one it adds or renames fails here, not silently.
    expect([...PROCESS_COLLECTOR_NAMES].sort()).toEqual(collectDefaultMetrics.metricsList.filter((name) => name !== "gc").sort());
    const names = [...(await scrape(metricsUrl)).keys()].map((sample) => sample.replace(/\{.*$/, ""));
    for (const name of ["mithai_process_cpu_seconds_total", "mithai_process_resident_memory_bytes", "mithai_process_open_fds", "mithai_nodejs_heap_size_used_bytes", "mithai_nodejs_eventloop_lag_p99_seconds", "mithai_nodejs_active_handles_total", "mithai_nodejs_version_info"]) {
      expect(names).toContain(name);
    }
    expect(names.filter((name) => name.includes("gc_duration"))).toEqual([]);
  });

  it("labels requests by route pattern, never the raw URL", async () => {
    await t.app.inject({ method: "GET", url: "/api/food/slug/kaju-katli-no-such-one" });
    await t.app.inject({ method: "GET", url: "/api/nothing/here/12345" });
    const samples = [...(await scrape(metricsUrl)).keys()].filter((sample) => sample.startsWith("mithai_http_requests_total"));
    expect(samples.some((sample) => sample.includes('route="/api/food/slug/:slug"'))).toBe(true);
    expect(samples.some((sample) => sample.includes("kaju-katli-no-such-one") || sample.includes("12345"))).toBe(false);
  });

  it("serves /metrics on its own loopback port, never on the public one", async () => {
    const metrics = new URL(metricsUrl);
    expect(metrics.hostname).toBe("127.0.0.1");
    expect(metrics.port).not.toBe(new URL(publicUrl).port);
    // The public port answers /metrics as any unknown path (a 404, or the storefront's page once the web client is built).
    const fromPublic = await fetch(`${publicUrl}/metrics`);
    expect(fromPublic.headers.get("content-type")).not.toMatch(/^text\/plain/);
    expect(await fromPublic.text()).not.toMatch(/^# (HELP|TYPE) mithai_/m);
    expect((await fetch(new URL("/", metricsUrl))).status).toBe(404);
  });
});
