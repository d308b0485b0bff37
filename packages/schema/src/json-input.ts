/**
 * Input arrives as JSON, and a JSON object may carry its own `toString` or `valueOf` field. Such an object cannot become
 * text or a number: `${value}`, a comparison, or zod's length check (which runs on any value that has a `length`, even
 * after "expected text") throws on it. No contract takes a field of those names, so input holding one is refused where
 * it arrives, before any check or handler sees it.
 */
export const OBJECT_METHOD_NAMES = ["toString", "valueOf"] as const;

export const OBJECT_METHOD_FIELD_MESSAGE = `The request is not valid: no field may be named ${OBJECT_METHOD_NAMES.join(" or ")}`;

/** True for an object (or list) that has its own field named as one of Object's conversion methods. */
export function shadowsObjectMethod(value: unknown): boolean {
  return typeof value === "object" && value !== null && OBJECT_METHOD_NAMES.some((name) => Object.hasOwn(value, name));
}
