import { OBJECT_METHOD_FIELD_MESSAGE, shadowsObjectMethod } from "@mithai/schema";
import { AppError } from "./errors";

/** PostgreSQL text cannot hold U+0000, so input carrying it is refused before any query sees it. */
export const NUL_TEXT_MESSAGE = "Text must not contain NUL characters";

/**
 * What no check or handler may see in request input (keys included): text holding U+0000, or an object with its own
 * `toString` or `valueOf` field (`@mithai/schema`'s json-input.ts says why). The first found is named.
 */
function refusalIn(value: unknown, depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? NUL_TEXT_MESSAGE : null;
  // A form (tRPC FormData input): its field names and text values; files are bytes, not text.
  if (value instanceof FormData) {
    for (const [name, item] of value.entries()) {
      const refusal = refusalIn(name, depth + 1) ?? refusalIn(item, depth + 1);
      if (refusal) return refusal;
    }
    return null;
  }
  if (depth > 32 || typeof value !== "object" || value === null || Buffer.isBuffer(value) || value instanceof Blob) return null;
  // The raw request stream a form arrives as is not input, and walking its properties would walk the whole server.
  if (typeof (value as { on?: unknown }).on === "function") return null;
  if (shadowsObjectMethod(value)) return OBJECT_METHOD_FIELD_MESSAGE;
  const entries: [string | null, unknown][] = Array.isArray(value) ? value.map((item) => [null, item]) : Object.entries(value);
  for (const [key, item] of entries) {
    const refusal = (key === null ? null : refusalIn(key, depth + 1)) ?? refusalIn(item, depth + 1);
    if (refusal) return refusal;
  }
  return null;
}

/** Refuses (400 VALIDATION) input that holds what refusalIn finds: params, query, body or a form's fields. */
export function assertStorableInput(value: unknown): void {
  const refusal = refusalIn(value);
  if (refusal) throw new AppError("VALIDATION", refusal);
}
