import { trace, SpanStatusCode, type Attributes } from "@opentelemetry/api";

/**
 * Spans for the domain's own steps (tRPC procedures). Off until the server turns tracing on (OTEL_EXPORTER_OTLP_ENDPOINT):
 * until then `traced` only calls `work`, so a shop without tracing pays a branch, not a span. With tracing on, a step
 * gets a span only inside a request that is being traced (sampled): an unsampled request never enters a context, so it
 * does not switch on Node's AsyncLocalStorage, whose promise hooks every `await` of the process would pay.
 */
let tracing = false;

export function enableTracing(): void {
  tracing = true;
}

export function traced<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!tracing || !trace.getActiveSpan()?.isRecording()) return work();
  return trace.getTracer("mithai").startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}
