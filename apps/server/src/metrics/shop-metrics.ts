import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { CatalogCache } from "@mithai/api";
import { observeProviderCalls, ORDER_MOVES, type ProviderCallOutcome, readShopFigures, type ShopFigures, type ShopMetrics } from "@mithai/api";
import type { Db } from "@mithai/db/client";
import { observeQueries } from "@mithai/db/query-observer";
import { REFUND_STATUSES } from "@mithai/schema";
import { registerHttpTally } from "./http-tally";
import { collectProcessMetrics } from "./process-metrics";

/** Seconds: HTTP answers and database statements (most well under 100 ms), provider calls (up to the 20 s timeout). */
const FAST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const PROVIDER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30];

/** The database's figures are read once per scrape, however many gauges show them. */
const FIGURES_FRESH_MS = 1000;

export interface MetricsSources {
  db: Db;
  catalog: CatalogCache;
  /** The pool's size on PostgreSQL (1 for the embedded database). */
  maxConnections: number;
  reconcileAfterMs: number;
}

/** One server's metrics: every name starts `mithai_`; its own registry, so two apps in one process never mix. */
export interface ServerMetrics {
  registry: Registry;
  /** What the domain counts (orders, refunds). */
  shop: ShopMetrics;
  /** One answered HTTP request: `route` is the route's pattern (`/api/order/:orderId/invoice`), never the raw URL. */
  httpAnswered(route: string, method: string, status: number, seconds: number): void;
  /** A refusal answered with a reason code (`STOCK_SHORT` counts the stock-outs customers met). */
  refused(code: string): void;
  reconcilerPassed(pass: { startedAt: Date; seconds: number; ok: boolean }): void;
  backupMade(ok: boolean): void;
  /** Stops observing provider calls and statements. */
  close(): void;
}

export function createServerMetrics(sources: MetricsSources): ServerMetrics {
  const registry = new Registry();
  // Process figures (CPU, memory, heap, event-loop lag, handles) under the same prefix.
  collectProcessMetrics(registry, "mithai_");
  const registers = [registry];

  const httpAnswered = registerHttpTally(registry, {
    counterName: "mithai_http_requests_total",
    counterHelp: "HTTP requests answered, by route pattern, method and status",
    histogramName: "mithai_http_request_duration_seconds",
    histogramHelp: "Time to answer an HTTP request, by route pattern and method",
    buckets: FAST_BUCKETS,
  });
  const refusals = new Counter({ name: "mithai_refusals_total", help: "Refusals answered, by reason code (STOCK_SHORT: a customer met a stock-out)", labelNames: ["code"], registers });
  const orders = new Counter({ name: "mithai_orders_total", help: "Orders arriving at each state: placed, paid, failed, expired, refunded (a late payment refunded in full), cancelled", labelNames: ["state"], registers });
  const refunds = new Counter({ name: "mithai_refunds_total", help: "Refunds reaching each status: pending (asked of the provider), processed, failed", labelNames: ["status"], registers });
  for (const state of ORDER_MOVES) orders.inc({ state }, 0);
  for (const status of REFUND_STATUSES) refunds.inc({ status }, 0);
  const providerCalls = new Counter({ name: "mithai_provider_calls_total", help: "Calls to the payment provider, by operation and outcome (ok, refused: a 4xx, error: 5xx or no answer)", labelNames: ["operation", "outcome"], registers });
  const providerDuration = new Histogram({ name: "mithai_provider_call_duration_seconds", help: "Time a call to the payment provider took, by operation", labelNames: ["operation"], buckets: PROVIDER_BUCKETS, registers });
  const queriesInFlight = new Gauge({ name: "mithai_db_queries_in_flight", help: "Database statements under way (the pool's connections in use, at most mithai_db_pool_max_connections)", registers });
  new Gauge({ name: "mithai_db_pool_max_connections", help: "Connections the database pool opens at most", registers }).set(sources.maxConnections);
  const queryDuration = new Histogram({ name: "mithai_db_query_duration_seconds", help: "Time a database statement took, waiting for a connection included", labelNames: ["outcome"], buckets: FAST_BUCKETS, registers });
  const reconcilerLastPass = new Gauge({ name: "mithai_reconciler_last_pass_timestamp_seconds", help: "When this server's reconciler last finished a pass that went through (Unix time)", registers });
  const reconcilerPasses = new Counter({ name: "mithai_reconciler_passes_total", help: "This server's reconciler passes, by outcome", labelNames: ["outcome"], registers });
  const reconcilerDuration = new Gauge({ name: "mithai_reconciler_last_pass_duration_seconds", help: "How long this server's last reconciler pass took", registers });
  const backupsMade = new Counter({ name: "mithai_backups_total", help: "Backups this server made (daily or asked for), by outcome", labelNames: ["outcome"], registers });

  // Read from the database at each scrape, so every server tells the truth whoever did the work.
  let figures: { at: number; read: Promise<ShopFigures | null> } | null = null;
  const freshFigures = (): Promise<ShopFigures | null> => {
    if (!figures || Date.now() - figures.at > FIGURES_FRESH_MS) {
      figures = { at: Date.now(), read: readShopFigures(sources.db, sources.reconcileAfterMs).catch(() => null) };
    }
    return figures.read;
  };
  const fromDatabase = (name: string, help: string, value: (f: ShopFigures) => number | null) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const read = await freshFigures();
        const shown = read ? value(read) : null;
        // NaN (an absent sample for Prometheus) rather than a stale or made-up figure while the database is away.
        this.set(shown ?? Number.NaN);
      },
    });
  fromDatabase("mithai_outbox_waiting", "Mails in the outbox not sent yet", (f) => f.outboxWaiting);
  fromDatabase("mithai_outbox_failing", "Mails not sent after 3 or more attempts (the dashboard's \"Mails not delivered\")", (f) => f.outboxFailing);
  fromDatabase("mithai_outbox_oldest_waiting_seconds", "Age of the oldest mail not sent yet (0 with none)", (f) => f.outboxOldestSeconds);
  fromDatabase("mithai_orders_pending", "Orders awaiting payment", (f) => f.ordersPending);
  fromDatabase("mithai_reconciler_lag_seconds", "How long the pending order most overdue for the reconciler has gone unchecked", (f) => f.reconcilerLagSeconds);
  fromDatabase("mithai_backup_last_success_timestamp_seconds", "When the newest backup that succeeded finished (Unix time; absent with none)", (f) => (f.lastBackup ? f.lastBackup.finishedAt.getTime() / 1000 : null));
  fromDatabase("mithai_backup_last_size_bytes", "Size of the newest backup that succeeded", (f) => f.lastBackup?.bytes ?? null);
  fromDatabase("mithai_database_up", "1 while the database answers the scrape's query, 0 otherwise", () => 1);
  new Gauge({
    name: "mithai_items_sold_out",
    help: "Items on the menu whose stock is 0",
    registers,
    async collect() {
      const snapshot = await sources.catalog.snapshot().catch(() => null);
      this.set(snapshot ? snapshot.items.filter((item) => item.soldOut).length : Number.NaN);
    },
  });

  const stopProvider = observeProviderCalls((operation) => {
    const started = process.hrtime.bigint();
    return (outcome: ProviderCallOutcome) => {
      providerCalls.inc({ operation, outcome });
      providerDuration.observe({ operation }, Number(process.hrtime.bigint() - started) / 1e9);
    };
  });
  const stopQueries = observeQueries(() => {
    const started = process.hrtime.bigint();
    queriesInFlight.inc();
    return (failed) => {
      queriesInFlight.dec();
      queryDuration.observe({ outcome: failed ? "error" : "ok" }, Number(process.hrtime.bigint() - started) / 1e9);
    };
  });

  return {
    registry,
    shop: {
      orderMoved: (state) => orders.inc({ state }),
      refundSettled: (status) => refunds.inc({ status }),
    },
    httpAnswered,
    refused: (code) => refusals.inc({ code }),
    reconcilerPassed({ startedAt, seconds, ok }) {
      reconcilerPasses.inc({ outcome: ok ? "ok" : "failed" });
      reconcilerDuration.set(seconds);
      if (ok) reconcilerLastPass.set(startedAt.getTime() / 1000 + seconds);
    },
    backupMade: (ok) => backupsMade.inc({ outcome: ok ? "ok" : "failed" }),
    close() {
      stopProvider();
      stopQueries();
    },
  };
}
