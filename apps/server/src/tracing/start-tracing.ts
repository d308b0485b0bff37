import { context, propagation, trace, SpanKind, SpanStatusCode, type Span } from "@opentelemetry/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { enableTracing, observeProviderCalls } from "@mithai/api";
import { observeQueries } from "@mithai/db/query-observer";
import type { Env } from "../env";

export interface Tracing {
  /** Sends what is still buffered (a closing server; the provider stays for the process). */
  flush(): Promise<void>;
}

let started: Promise<Tracing> | null = null;

/**
 * OpenTelemetry tracing to the OTLP/HTTP collector at OTEL_EXPORTER_OTLP_ENDPOINT (`/v1/traces` under it; the
 * exporter and the batch processor read the other standard OTEL_* variables, such as headers, themselves). The SDK is imported here only when tracing is on,
 * so a shop without it loads none of it. Spans: every HTTP request (with its request id), tRPC procedure, database
 * statement and payment-provider call. One provider per process (tracing is process-wide); later calls share it.
 */
export function startTracing(settings: NonNullable<Env["tracing"]>): Promise<Tracing> {
  started ??= (async () => {
    const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
    const provider = new NodeTracerProvider({
      resource: resourceFromAttributes({ "service.name": settings.serviceName }),
      // OTLP/HTTP's path for traces under the collector's base address; headers and timeouts from the OTEL_* variables.
      spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${settings.endpoint.replace(/\/+$/, "")}/v1/traces` }))],
    });
    // AsyncLocalStorage context and W3C traceparent propagation: a balancer's or browser's trace continues here.
    provider.register();
    enableTracing();
    const tracer = trace.getTracer("mithai");
    // A statement is a span only inside a sampled request or step; on its own it would be a trace of one span.
    const noSpan = () => undefined;
    observeQueries((statement) => {
      if (!trace.getActiveSpan()?.isRecording()) return noSpan;
      const span = tracer.startSpan("db.query", { kind: SpanKind.CLIENT, attributes: { "db.system": "postgresql", "db.statement": statement } });
      return (failed) => {
        if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      };
    });
    observeProviderCalls((operation) => {
      const span = tracer.startSpan(`razorpay ${operation}`, { kind: SpanKind.CLIENT, attributes: { "peer.service": "razorpay", "mithai.provider_operation": operation } });
      return (outcome) => {
        span.setAttribute("mithai.provider_outcome", outcome);
        if (outcome === "error") span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      };
    });
    return { flush: () => provider.forceFlush() };
  })();
  return started;
}

const requestSpans = new WeakMap<FastifyRequest, Span>();

/**
 * A server span per HTTP request, named by its route's pattern once known, carrying the request id; the rest of
 * a sampled request (hooks, handler, the procedures and statements it runs) happens inside its context, so their spans
 * are its children. An unsampled request (OTEL_TRACES_SAMPLER) enters no context at all: entering one switches on
 * Node 20's AsyncLocalStorage, whose promise hooks then slow every `await` in the process (bench:catalogue lost about
 * a fifth of its speed to contexts of requests that were never exported).
 */
export function registerHttpSpans(app: FastifyInstance): void {
  const tracer = trace.getTracer("mithai");
  app.addHook("onRequest", (req, _reply, done) => {
    const parent = propagation.extract(context.active(), req.headers);
    const span = tracer.startSpan(
      `${req.method} ${req.url.split("?")[0]}`,
      { kind: SpanKind.SERVER, attributes: { "http.request.method": req.method, "url.path": req.url.split("?")[0], "mithai.request_id": req.id } },
      parent,
    );
    if (!span.isRecording()) return done();
    requestSpans.set(req, span);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook("onResponse", (req, reply, done) => {
    const span = requestSpans.get(req);
    if (span) {
      const route = req.routeOptions.url ?? "unmatched";
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ "http.route": route, "http.response.status_code": reply.statusCode });
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}
