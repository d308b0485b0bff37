import { context } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCheckoutApp, createCustomer, fillCart, testAddress } from "../checkout/fixtures";
import type { TestApp } from "../testing";

/**
 * Tracing on, nothing sampled: an unsampled request must not enter an OpenTelemetry context. Entering one (even for a
 * span that is never exported) switches on Node 20's AsyncLocalStorage, whose promise hooks then slow every `await`
 * of the process; bench:catalogue lost a fifth of its speed that way with no trace sampled.
 */
describe("tracing with no request sampled", () => {
  const sampler = process.env.OTEL_TRACES_SAMPLER;
  let t: TestApp;
  beforeAll(async () => {
    // The SDK reads the standard variable when this process's tracer provider starts (with the app below).
    process.env.OTEL_TRACES_SAMPLER = "always_off";
    t = await createCheckoutApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9/", OTEL_SERVICE_NAME: "mithai-test" } });
  });
  afterAll(async () => {
    await t.close();
    if (sampler === undefined) delete process.env.OTEL_TRACES_SAMPLER;
    else process.env.OTEL_TRACES_SAMPLER = sampler;
  });

  it("answers a catalogue read and an order without entering a context", async () => {
    const customer = await createCustomer(t);
    await fillCart(t, customer, [1]);
    const entered = vi.spyOn(context, "with");
    const listed = await t.app.inject({ method: "GET", url: "/trpc/catalog.list?input=%7B%7D" });
    expect(listed.statusCode).toBe(200);
    const placed = await t.app.inject({ method: "POST", url: "/api/order/place", headers: { authorization: `Bearer ${customer.token}` }, payload: { address: testAddress } });
    expect(placed.statusCode).toBe(200);
    expect(entered).not.toHaveBeenCalled();
    entered.mockRestore();
  });
});
