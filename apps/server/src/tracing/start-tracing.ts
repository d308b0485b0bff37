import { propagation, ROOT_CONTEXT, trace, SpanKind, SpanStatusCode, type Span } from "@opentelemetry/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { enableTracing, observeProviderCalls, recordingSpanOf } from "@mithai/api";
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
    // W3C traceparent propagation (a balancer's or browser's trace continues here), and no context manager: a traced
    // request's span travels with its database handle (@mithai/api's tracing.ts), never in an AsyncLocalStorage,
    // whose promise hooks every await of the process would pay.
    provider.register({ contextManager: null });
    enableTracing();
    const tracer = trace.getTracer("mithai");
    // A statement or provider call is a span only in a traced request's work (its handle's scope is the span of that
    // request or step); on its own it would be a trace of one span.
    const noSpan = () => undefined;
    const parentOf = (scope: unknown) => {
      const parent = recordingSpanOf(scope);
      return parent && trace.setSpan(ROOT_CONTEXT, parent);
    };
    observeQueries((statement, scope) => {
      const parent = parentOf(scope);
      if (!parent) return noSpan;
      const span = tracer.startSpan("db.query", { kind: SpanKind.CLIENT, attributes: { "db.system": "postgresql", "db.statement": statement } }, parent);
      return (failed) => {
        if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      };
    });
    observeProviderCalls((operation, scope) => {
      const parent = parentOf(scope);
      if (!parent) return noSpan;
      const span = tracer.startSpan(
        `razorpay ${operation}`,
        { kind: SpanKind.CLIENT, attributes: { "peer.service": "razorpay", "mithai.provider_operation": operation } },
        parent,
      );
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

/** The span of a traced (sampled) request; undefined when tracing is off or the sampler dropped the request. */
export function requestSpanOf(req: FastifyRequest): Span | undefined {
  return requestSpans.get(req);
}

/**
 * A server span per HTTP request, named by its route's pattern once known, carrying the request id. A sampled
 * request's context (contextFromRequest) gets a database handle scoped to this span, so the procedures, statements
 * and provider calls it runs are its children. Nothing enters an async context: Node 20's AsyncLocalStorage would
 * slow every `await` of the process once any request were traced (bench:catalogue lost a quarter of its speed with
 * a tenth of the requests sampled).
 */
export function registerHttpSpans(app: FastifyInstance): void {
  const tracer = trace.getTracer("mithai");
  // One hook: on a busy shop most requests are not sampled, and they pay the sampler's decision and nothing else (no
  // name or attributes made for a span that is dropped, no second hook to look for one).
  app.addHook("onRequest", (req, reply, done) => {
    const span = tracer.startSpan(req.method, { kind: SpanKind.SERVER }, propagation.extract(ROOT_CONTEXT, req.headers));
    if (span.isRecording()) {
      const path = req.url.split("?")[0]!;
      span.updateName(`${req.method} ${path}`);
      span.setAttributes({ "http.request.method": req.method, "url.path": path, "mithai.request_id": req.id });
      requestSpans.set(req, span);
      // "close" comes once the answer is sent, and also when the client went away before it was.
      reply.raw.once("close", () => {
        const route = req.routeOptions.url ?? "unmatched";
        span.updateName(`${req.method} ${route}`);
        span.setAttributes({ "http.route": route, "http.response.status_code": reply.statusCode });
        if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
    }
    done();
  });
}
