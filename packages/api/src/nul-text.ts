import { AppError } from "./errors";

/** PostgreSQL text cannot hold U+0000, so input carrying it is refused before any query sees it. */
export const NUL_TEXT_MESSAGE = "Text must not contain NUL characters";

/** True when a string anywhere in the value (keys included) holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  // A form (tRPC FormData input): its field names and text values; files are bytes, not text.
  if (value instanceof FormData) return [...value.entries()].some(([name, item]) => name.includes("\u0000") || containsNul(item, depth + 1));
  if (depth > 32 || typeof value !== "object" || value === null || Buffer.isBuffer(value) || value instanceof Blob) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  // The raw request stream a form arrives as is not input, and walking its properties would walk the whole server.
  if (typeof (value as { on?: unknown }).on === "function") return false;
  return Object.entries(value).some(([key, item]) => key.includes("\u0000") || containsNul(item, depth + 1));
}

export function assertNoNul(value: unknown): void {
  if (containsNul(value)) throw new AppError("VALIDATION", NUL_TEXT_MESSAGE);
}
