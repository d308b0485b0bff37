import fc from "fast-check";

/** Values no field of any contract should accept: wrong types, extremes, injection and odd unicode. */
export const NASTY_VALUES: readonly unknown[] = [
  null,
  true,
  42,
  -1,
  0.5,
  -0,
  1e308,
  "NaN",
  "-Infinity",
  "1e308",
  "",
  "x".repeat(1_000_000),
  Array.from({ length: 10_000 }, (_, i) => i),
  {},
  [],
  { $gt: "" },
  // Objects that make naive coercion (Number(x), `${x}`) throw: their own toString/valueOf are not functions.
  { toString: "" },
  { valueOf: 1, toString: null },
  // A length that cannot be compared: zod runs its length checks on any value with a `length`, even after a wrong type.
  { length: { toString: 0 } },
  { constructor: { prototype: { admin: true } } },
  "'; drop table users;--",
  "<script>alert(1)</script>",
  "\u0000",
  "🍬🪔🎉",
  "\u202Eevil\u202C عربى",
];

export const label = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text;
};

/** JSON bodies built from a contract's field names: every field set to one nasty value, plus an unknown field. */
export function nastyBodies(fields: readonly string[]): unknown[] {
  const bodies: unknown[] = [{}, [], "text", 7, null, { unexpected: "field" }];
  for (const value of NASTY_VALUES) bodies.push({ ...Object.fromEntries(fields.map((field) => [field, value])), unexpected: value });
  return bodies;
}

/** Arbitrary JSON, also shaped like the contract (its own field names with arbitrary values). */
export function jsonBodyArbitrary(fields: readonly string[]): fc.Arbitrary<unknown> {
  const value = fc.jsonValue({ maxDepth: 3 });
  const shaped = fields.length ? fc.record(Object.fromEntries(fields.map((field) => [field, value])), { requiredKeys: [] }) : fc.constant({});
  return fc.oneof(value, shaped);
}

/** Bodies that are not (or not declared as) JSON. */
export const RAW_BODIES: readonly { name: string; contentType: string; payload: string }[] = [
  { name: "invalid JSON", contentType: "application/json", payload: '{"email": "a@b.in",' },
  { name: "JSON of a bare string", contentType: "application/json", payload: '"hello"' },
  { name: "text/plain", contentType: "text/plain", payload: "email=a@b.in" },
  { name: "form-urlencoded", contentType: "application/x-www-form-urlencoded", payload: "email=a%40b.in&password=x" },
  { name: "multipart", contentType: "multipart/form-data; boundary=xyz", payload: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.in\r\n--xyz--\r\n' },
  { name: "XML", contentType: "application/xml", payload: "<email>a@b.in</email>" },
];
