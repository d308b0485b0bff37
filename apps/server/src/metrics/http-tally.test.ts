import { Counter, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { registerHttpTally } from "./http-tally";

const names = {
  counterName: "t_http_requests_total",
  counterHelp: "HTTP requests answered",
  histogramName: "t_http_request_duration_seconds",
  histogramHelp: "Time to answer",
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.1, 1],
};

describe("the HTTP tally", () => {
  it("shows exactly what prom-client's own counter and histogram show for the same answers, and resets with the registry", async () => {
    const ours = new Registry();
    const record = registerHttpTally(ours, names);
    const theirs = new Registry();
    const counter = new Counter({ name: names.counterName, help: names.counterHelp, labelNames: ["route", "method", "status"], registers: [theirs] });
    const histogram = new Histogram({ name: names.histogramName, help: names.histogramHelp, labelNames: ["route", "method"], buckets: names.buckets, registers: [theirs] });

    // Times on a bucket's bound, between, above them all; a label value that needs escaping.
    const answers: [string, string, number, number][] = [
      ["/api/food/list", "GET", 200, 0.0004],
      ["/api/food/list", "GET", 200, 0.001],
      ["/api/food/list", "GET", 304, 0.0031],
      ["/api/food/list", "HEAD", 200, 0.02],
      ["/api/order/:orderId", "POST", 409, 0.5],
      ["/api/order/:orderId", "POST", 200, 7],
      ['unmatched "\\ odd', "GET", 404, 0.001],
    ];
    for (const [route, method, status, seconds] of answers) {
      record(route, method, status, seconds);
      counter.inc({ route, method, status });
      histogram.observe({ route, method }, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    // The same as JSON, but for the exemplars prom-client's histogram lists as null (the shop records none).
    const withoutExemplars = (metrics: Awaited<ReturnType<Registry["getMetricsAsJSON"]>>) =>
      metrics.map((metric) => ({ ...metric, values: metric.values.map((value) => ({ ...value, exemplar: undefined })) }));
    expect(withoutExemplars(await ours.getMetricsAsJSON())).toEqual(withoutExemplars(await theirs.getMetricsAsJSON()));
    expect(await ours.metrics()).toContain('t_http_requests_total{route="/api/food/list",method="GET",status="200"} 2');

    ours.resetMetrics();
    theirs.resetMetrics();
    record("/api/food/list", "GET", 200, 0.002);
    counter.inc({ route: "/api/food/list", method: "GET", status: 200 });
    histogram.observe({ route: "/api/food/list", method: "GET" }, 0.002);
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
