import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing";
import { rootSampling } from "./start-tracing";

describe("rootSampling (the standard OTEL_TRACES_SAMPLER variables, as the SDK reads them)", () => {
  it("gives the parent-based samplers' share of root requests, and leaves any other sampler to the SDK", () => {
    expect(rootSampling({})).toBe(1);
    expect(rootSampling({ OTEL_TRACES_SAMPLER: "parentbased_always_on" })).toBe(1);
    expect(rootSampling({ OTEL_TRACES_SAMPLER: " " })).toBe(1);
    expect(rootSampling({ OTEL_TRACES_SAMPLER: "parentbased_always_off" })).toBe(0);
    expect(rootSampling({ OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.01" })).toBe(0.01);
    expect(rootSampling({ OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0" })).toBe(0);
    // A blank, invalid or out-of-range ratio is 1, as the SDK takes it.
    for (const arg of [undefined, "", " ", "a tenth", "-0.1", "1.5"]) expect(rootSampling({ OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: arg })).toBe(1);
    // Names the SDK does not know as written (it neither trims nor lowercases them) are left to it.
    for (const sampler of ["always_on", "always_off", "traceidratio", "jaeger_remote", "nonsense", "ParentBased_Always_Off", " parentbased_always_off"]) expect(rootSampling({ OTEL_TRACES_SAMPLER: sampler, OTEL_TRACES_SAMPLER_ARG: "0.5" })).toBeNull();
  });
});

/** Server spans the shop exported, by trace id (OTLP/JSON, as the HTTP exporter sends it). */
async function startCollector() {
  const serverSpans: { traceId: string; name: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { resourceSpans: { scopeSpans: { spans: { traceId: string; name: string; kind: number }[] }[] }[] };
      for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) serverSpans.push(...scope.spans.filter((span) => span.name.startsWith("GET ")));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, serverSpans, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("root requests drawn before the SDK is asked (OTEL_TRACES_SAMPLER=parentbased_traceidratio, a half)", () => {
  const saved = { sampler: process.env.OTEL_TRACES_SAMPLER, arg: process.env.OTEL_TRACES_SAMPLER_ARG };
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let t: TestApp;
  beforeAll(async () => {
    // The tracer provider is the process's; it reads these when it starts (with the app below).
    process.env.OTEL_TRACES_SAMPLER = "parentbased_traceidratio";
    process.env.OTEL_TRACES_SAMPLER_ARG = "0.5";
    collector = await startCollector();
    t = await createTestApp({ seed: true, env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url } });
  });
  afterAll(async () => {
    await collector.close();
    for (const [name, value] of [["OTEL_TRACES_SAMPLER", saved.sampler], ["OTEL_TRACES_SAMPLER_ARG", saved.arg]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("traces about half the roots, once each, and follows a caller's decision whatever the ratio", async () => {
    const roots = 600;
    for (let i = 0; i < roots; i++) expect((await t.app.inject({ method: "GET", url: "/api/food/list" })).statusCode).toBe(200);
    const sampledParent = "4bf92f3577b34da6a3ce929d0e0e4736";
    const droppedParent = "5bf92f3577b34da6a3ce929d0e0e4737";
    for (let i = 0; i < 20; i++) {
      await t.app.inject({ method: "GET", url: "/api/food/list", headers: { traceparent: `00-${sampledParent}-00f067aa0ba902b7-01` } });
      await t.app.inject({ method: "GET", url: "/api/food/list", headers: { traceparent: `00-${droppedParent}-00f067aa0ba902b7-00` } });
    }
    // A malformed traceparent is no parent: that request is a root like any other (drawn), never traced for it.
    await t.app.inject({ method: "GET", url: "/api/food/list", headers: { traceparent: "00-not-a-trace-01" } });
    await t.close();

    const fromCaller = collector.serverSpans.filter((span) => span.traceId === sampledParent);
    expect(fromCaller).toHaveLength(20);
    expect(collector.serverSpans.some((span) => span.traceId === droppedParent)).toBe(false);
    // A half of 600 (mean 300, deviation 12): far from all of them (the SDK asked to sample what the hook did not
    // draw) and from a quarter (both the hook and the SDK drawing).
    const drawn = collector.serverSpans.length - fromCaller.length;
    expect(drawn).toBeGreaterThan(230);
    expect(drawn).toBeLessThan(372);
    expect(new Set(collector.serverSpans.map((span) => span.traceId)).size).toBe(drawn + 1);
  });
});
