import { createServer, type Server } from "node:http";
import { context, createContextKey, ROOT_CONTEXT } from "@opentelemetry/api";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckoutApp, createCustomer, fillCart, testAddress } from "../checkout/fixtures";
import { REQUEST_ID_HEADER } from "../plugins/request-ids";
import type { TestApp } from "../testing";

interface ExportedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** A stand-in OTLP/HTTP collector: keeps every span the shop exports (JSON, as the HTTP exporter sends it). */
async function startCollector(): Promise<{ url: string; spans: ExportedSpan[]; paths: string[]; close(): Promise<void> }> {
  const spans: ExportedSpan[] = [];
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      paths.push(req.url ?? "");
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] };
      for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, paths, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const attribute = (span: ExportedSpan, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue;

describe("tracing (OTEL_EXPORTER_OTLP_ENDPOINT)", () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let t: TestApp;
  beforeAll(async () => {
    collector = await startCollector();
    t = await createCheckoutApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: "mithai-test" } });
  });
  afterAll(() => collector.close());

  it("exports a span per request with its request id, and the tRPC procedure, statements and provider call under it", async () => {
    const listed = await t.app.inject({ method: "GET", url: "/trpc/catalog.list?input=%7B%7D" });
    expect(listed.statusCode).toBe(200);
    const customer = await createCustomer(t);
    await fillCart(t, customer, [1]);
    // Two procedures in one batch, run side by side: each one's statements are its own children.
    const batch = await t.app.inject({
      method: "GET",
      url: `/trpc/cart.get,order.mine?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(batch.statusCode).toBe(200);
    const placed = await t.app.inject({ method: "POST", url: "/api/order/place", headers: { authorization: `Bearer ${customer.token}` }, payload: { address: testAddress } });
    expect(placed.statusCode).toBe(200);
    // Continues the caller's trace (W3C traceparent).
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    await t.app.inject({ method: "GET", url: "/api/food/list", headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    // Closing flushes the spans still buffered.
    await t.close();
    expect(collector.paths.every((p) => p === "/v1/traces")).toBe(true);

    const byId = new Map(collector.spans.map((span) => [span.spanId, span]));
    const rootOf = (span: ExportedSpan): ExportedSpan => (span.parentSpanId && byId.has(span.parentSpanId) ? rootOf(byId.get(span.parentSpanId)!) : span);

    const trpcRequest = collector.spans.find((s) => attribute(s, "mithai.request_id") === listed.headers[REQUEST_ID_HEADER] && s.name.startsWith("GET "));
    expect(trpcRequest?.name).toBe("GET /trpc/:path");
    const procedure = collector.spans.find((s) => s.name === "trpc catalog.list");
    expect(procedure?.parentSpanId).toBe(trpcRequest!.spanId);
    expect(attribute(procedure!, "mithai.request_id")).toBe(listed.headers[REQUEST_ID_HEADER]);

    const batchRequest = collector.spans.find((s) => attribute(s, "mithai.request_id") === batch.headers[REQUEST_ID_HEADER] && s.name.startsWith("GET "));
    for (const [name, table] of [
      ["trpc cart.get", "cart_items"],
      ["trpc order.mine", "orders"],
    ] as const) {
      const step = collector.spans.find((s) => s.name === name && s.traceId === batchRequest!.traceId);
      expect(step?.parentSpanId).toBe(batchRequest!.spanId);
      const own = collector.spans.filter((s) => s.name === "db.query" && s.parentSpanId === step!.spanId).map((s) => attribute(s, "db.statement") ?? "");
      expect(own.some((statement) => statement.includes(`from "${table}"`))).toBe(true);
    }

    const placeRequest = collector.spans.find((s) => attribute(s, "mithai.request_id") === placed.headers[REQUEST_ID_HEADER]);
    expect(placeRequest?.name).toBe("POST /api/order/place");
    const inPlace = collector.spans.filter((s) => s.traceId === placeRequest!.traceId && s !== placeRequest);
    const provider = inPlace.find((s) => s.name === "razorpay POST /v1/orders");
    expect(provider && rootOf(provider)).toBe(placeRequest);
    const statements = inPlace.filter((s) => s.name === "db.query");
    expect(statements.length).toBeGreaterThan(2);
    expect(statements.every((s) => rootOf(s) === placeRequest)).toBe(true);
    expect(statements.some((s) => /insert into "orders"/.test(attribute(s, "db.statement") ?? ""))).toBe(true);
    // Statements carry their SQL, never the customer's values.
    expect(statements.some((s) => (attribute(s, "db.statement") ?? "").includes(customer.userId))).toBe(false);

    expect(collector.spans.some((s) => s.traceId === traceId && s.name === "GET /api/food/list")).toBe(true);
  });

  it("keeps the trace out of async contexts: nothing switches on Node's AsyncLocalStorage and its promise hooks", async () => {
    // With the SDK's default context manager a value entered here would still be there after the await.
    const probe = createContextKey("probe");
    const seen = await context.with(ROOT_CONTEXT.setValue(probe, "entered"), async () => {
      await Promise.resolve();
      return context.active().getValue(probe);
    });
    expect(seen).toBeUndefined();
  });
});
