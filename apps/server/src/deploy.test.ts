import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createTestApp, type TestApp } from "./testing";

/**
 * deploy/: Prometheus's scrape config and alert rules, checked by promtool (Debian's prometheus package,
 * scripts/ensure-promtool.sh), and the Grafana dashboard compose provisions: every query and every rule names
 * metrics a real server exports, read from its /metrics.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const deploy = (...parts: string[]) => path.join(root, "deploy", ...parts);

interface Dashboard {
  panels: { title: string; targets: { expr: string }[] }[];
}
const dashboard = JSON.parse(readFileSync(deploy("grafana", "dashboards", "mithai.json"), "utf8")) as Dashboard;
const rules = parse(readFileSync(deploy("prometheus", "alerts.yml"), "utf8")) as { groups: { rules: { alert: string; expr: string }[] }[] };

/** The metric names a PromQL expression reads (a histogram's _bucket/_sum/_count read its one family). */
function metricsOf(expr: string): string[] {
  return [...new Set([...expr.matchAll(/\b(mithai_[a-z0-9_]+|up)\b(?=\s*[{[)\s]|$)/g)].map((m) => m[1]!))];
}

describe("deploy/", () => {
  let t: TestApp;
  let exported: Set<string>;
  beforeAll(async () => {
    t = await createTestApp();
    const url = t.app.operations.metricsUrl();
    expect(url).toBeTruthy();
    // Every family the server declares (`# TYPE name kind`), whether or not it has counted anything yet.
    const text = await (await fetch(url!)).text();
    exported = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
  });
  afterAll(() => t.close());

  it("has a scrape config and alert rules promtool accepts, covering payments, the outbox, the reconciler, 5xx and a server down", () => {
    const promtool = spawnSync("promtool", ["--version"]);
    expect(promtool.error, "promtool is missing: run bash scripts/ensure-promtool.sh").toBeUndefined();
    execFileSync("promtool", ["check", "config", deploy("prometheus", "prometheus.yml")], { stdio: "pipe" });
    execFileSync("promtool", ["check", "rules", deploy("prometheus", "alerts.yml")], { stdio: "pipe" });
    const names = rules.groups.flatMap((group) => group.rules.map((rule) => rule.alert));
    expect(names).toEqual(expect.arrayContaining(["MithaiPaymentsFailing", "MithaiOutboxStuck", "MithaiReconcilerLagging", "MithaiHighErrorRate", "MithaiServerDown"]));
  });

  it("refuses a broken rule (the check is real)", () => {
    const broken = spawnSync("promtool", ["check", "rules", "/dev/stdin"], { input: "groups:\n  - name: x\n    rules:\n      - alert: Y\n        expr: sum(rate(\n" });
    expect(broken.status).not.toBe(0);
  });

  it("reads only metrics the shop exports, in every dashboard query and alert rule", () => {
    const queries = [
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => ({ where: `dashboard panel "${panel.title}"`, expr: target.expr }))),
      ...rules.groups.flatMap((group) => group.rules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr }))),
    ];
    expect(queries.length).toBeGreaterThan(10);
    for (const { where, expr } of queries) {
      const names = metricsOf(expr);
      expect(names.length, `${where} reads no metric: ${expr}`).toBeGreaterThan(0);
      for (const name of names) {
        if (name === "up") continue;
        const family = exported.has(name) || exported.has(name.replace(/_(bucket|sum|count)$/, ""));
        expect(family, `${where} reads ${name}, which the shop does not export`).toBe(true);
      }
    }
    expect(dashboard.panels.map((panel) => panel.title)).toEqual(expect.arrayContaining(["Orders per minute", "p99 latency by route", "Errors", "Mail outbox", "Reconciler"]));
  });

  it("is what docker compose provisions", () => {
    const compose = parse(readFileSync(path.join(root, "docker-compose.yml"), "utf8")) as { services: Record<string, { volumes?: string[]; environment?: Record<string, string> }> };
    expect(compose.services.prometheus!.volumes).toContain("./deploy/prometheus:/etc/prometheus:ro");
    expect(compose.services.grafana!.volumes).toEqual(expect.arrayContaining(["./deploy/grafana/provisioning:/etc/grafana/provisioning:ro", "./deploy/grafana/dashboards:/var/lib/grafana/dashboards:ro"]));
    expect(compose.services.app!.environment).toMatchObject({ METRICS_HOST: "0.0.0.0", METRICS_PORT: "9464" });
  });
});
