import { shopDateTime, type MithaiClient } from "@mithai/client";
import type { Output } from "./output";

const MARK = { green: "OK  ", amber: "WARN", red: "FAIL" } as const;

/** `health`: each part of the shop green, amber or red, with what to do (the admin panel's Health, as text). */
export async function showHealth(client: MithaiClient, out: Output): Promise<void> {
  const report = await client.admin.health.query();
  const lines = report.checks.flatMap((check) => [
    `${MARK[check.level]} ${check.title}: ${check.summary}`,
    ...(check.action ? [`     → ${check.action}`] : []),
  ]);
  out.result(report, [`The shop is ${report.level} (${shopDateTime(new Date(report.checkedAt))} IST)`, ...lines].join("\n"));
}
