import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/** The human-readable message of an error answer: REST `message`, tRPC `error.message`, the gateway's `error.description`. */
export function errorMessage(res: LightMyRequestResponse): string {
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return "";
  }
  const answer = (Array.isArray(body) ? body[0] : body) as { message?: unknown; error?: { message?: unknown; description?: unknown; json?: { message?: unknown } } } | null;
  const candidates = [answer?.message, answer?.error?.message, answer?.error?.json?.message, answer?.error?.description];
  return candidates.find((text): text is string => typeof text === "string" && text.length > 0) ?? "";
}

/** A refusal: a 4xx carrying a message, never a 5xx. */
export function expectRefused(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(errorMessage(res), `${label} has no message: ${res.body.slice(0, 300)}`).not.toBe("");
}
