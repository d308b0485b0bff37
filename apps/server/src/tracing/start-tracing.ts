import { propagation, ROOT_CONTEXT, trace, SpanKind, SpanStatusCode, type Span } from "@opentelemetry/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { enableTracing, observeProviderCalls, recordingSpanOf } from "@mithai/api";
import { observeQueries } from "@mithai/db/query-observer";
import type { Env } from "../env";

export interface Tracing {
  /** Sends what is still buffered (a closing server; the provider stays for the process). */
  flush(): Promise<void>;
  /**
   * The share of requests arriving without a trace (no parent in their headers) that start one, decided by the HTTP
   * hook before the SDK is asked (`rootSampling`); null: the SDK's sampler decides every request.
   */
  rootRatio: number | null;
}

/**
 * The standard OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG, read as the SDK reads them, for the parent-based
 * samplers (the default `parentbased_always_on`, `parentbased_always_off`, `parentbased_traceidratio`): the share of
 * root requests to trace (a blank, invalid or out-of-range ratio is 1, as in the SDK). Null for any other sampler,
 * which the SDK then applies to every request itself (a name it does not know, it takes as `parentbased_always_on`).
 *
 * Why: asking the SDK costs a request about a microsecond even when it is dropped (two random ids, the ratio drawn
 * from the trace id, a non-recording span), 5 % of a catalogue read. A root request is drawn here with one random
 * number instead, and only a drawn one reaches the SDK, whose sampler then takes every root it is given; requests
 * with a remote parent, and every child span, are decided by the SDK as the standard parent-based sampler would.
 */
export function rootSampling(env: NodeJS.ProcessEnv): number | null {
  // Blank is the default; any other value is taken as written (the SDK neither trims nor lowercases it).
  const sampler = env.OTEL_TRACES_SAMPLER?.trim() ? env.OTEL_TRACES_SAMPLER : "parentbased_always_on";
  if (sampler === "parentbased_always_on") return 1;
  if (sampler === "parentbased_always_off") return 0;
  if (sampler !== "parentbased_traceidratio") return null;
  const ratio = env.OTEL_TRACES_SAMPLER_ARG?.trim() ? Number(env.OTEL_TRACES_SAMPLER_ARG) : Number.NaN;
  return ratio >= 0 && ratio <= 1 ? ratio : 1;
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
    const [{ NodeTracerProvider, BatchSpanProcessor, ParentBasedSampler, AlwaysOnSampler }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
    const rootRatio = rootSampling(process.env);
    const provider = new NodeTracerProvider({
      resource: resourceFromAttributes({ "service.name": settings.serviceName }),
      // Roots are drawn by the HTTP hook (rootSampling): every root it starts is traced; the rest follow their parent.
      ...(rootRatio === null ? {} : { sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }) }),
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
    return { flush: () => provider.forceFlush(), rootRatio };
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
export function registerHttpSpans(app: FastifyInstance, tracing: Tracing): void {
  const tracer = trace.getTracer("mithai");
  const { rootRatio } = tracing;
  // One hook: on a busy shop most requests are not sampled, and they pay the sampler's decision and nothing else (no
  // name or attributes made for a span that is dropped, no second hook to look for one).
  app.addHook("onRequest", (req, reply, done) => {
    const remote = propagation.extract(ROOT_CONTEXT, req.headers);
    // A root request not drawn costs one random number: the SDK is not asked (rootSampling).
    if (rootRatio !== null && !trace.getSpanContext(remote) && !(Math.random() < rootRatio)) return done();
    const span = tracer.startSpan(req.method, { kind: SpanKind.SERVER }, remote);
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
