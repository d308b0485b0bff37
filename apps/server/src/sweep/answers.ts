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

/** What a JavaScript engine says when code trips over input (tRPC answers an input check's throw as a 400 with its words). */
const ENGINE_WORDS = /Cannot convert|Cannot read propert|Cannot set propert|is not a function|is not iterable|is not defined|of undefined|of null/;

/** A refusal: a 4xx carrying a message written for people (never the engine's), never a 5xx. */
export function expectRefused(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const message = errorMessage(res);
  expect(message, `${label} has no message: ${res.body.slice(0, 300)}`).not.toBe("");
  expect(message, `${label} answers in the engine's words: ${res.body.slice(0, 300)}`).not.toMatch(ENGINE_WORDS);
}
