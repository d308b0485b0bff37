import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as account from "./account";
import * as admin from "./admin";
import * as auth from "./auth";
import * as cart from "./cart";
import * as catalog from "./catalog";
import * as consent from "./consent";
import * as kitchen from "./kitchen";
import * as order from "./order";
import * as payments from "./payments";
import * as reviews from "./reviews";
import { fieldErrorsOf, namedMessage, z } from "./z";

/**
 * Every contract refuses bad input in the shop's words (issue 20): a sweep over every schema the contracts export,
 * fed the inputs clients really send wrong (nothing, the wrong type, empty objects, wrong types in every field, and
 * arbitrary JSON), finds no message that still reads like the validator's defaults.
 */
const ZOD_DEFAULTS = /^(Invalid\b|Too (big|small)|Unrecognized key)|expected \w+, received|: expected|must match pattern|Required$/;

const contracts = Object.entries({ account, admin, auth, cart, catalog, consent, kitchen, order, payments, reviews }).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${module}.${name}`, schema })),
);

/** A value of the wrong type for every field of an object schema (and one level down), to reach nested checks. */
function wrongFields(schema: z.ZodType): Record<string, unknown>[] {
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return [];
  const wrong = (value: unknown) => Object.fromEntries(Object.keys(shape).map((key) => [key, value]));
  const nested = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, Object.fromEntries(Object.keys((field as { shape?: object }).shape ?? {}).map((k) => [k, 12345]))]));
  return [wrong(12345), wrong("x".repeat(20_000)), wrong(""), wrong(-1), wrong([]), wrong({}), wrong(true), nested];
}

function messagesFor(schema: z.ZodType, input: unknown): string[] {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : fieldErrorsOf(parsed.error).map(namedMessage);
}

describe("contract messages", () => {
  it("sweeps a real number of contracts", () => {
    expect(contracts.length).toBeGreaterThan(25);
  });

  it.each(contracts.map((c) => [c.name, c.schema] as const))("%s words every refusal itself", (_name, schema) => {
    const inputs: unknown[] = [undefined, null, 42, "text", [], {}, { unexpected: true }, ...wrongFields(schema)];
    const defaults = inputs.flatMap((input) => messagesFor(schema, input)).filter((message) => ZOD_DEFAULTS.test(message.replace(/^[\w.]+: /, "")));
    expect(defaults).toEqual([]);
    fc.assert(
      fc.property(fc.jsonValue(), (input) => {
        expect(messagesFor(schema, input).filter((message) => ZOD_DEFAULTS.test(message.replace(/^[\w.]+: /, "")))).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it("names the field first, in words", () => {
    const parsed = order.placeOrderInputSchema.safeParse({ address: { pincode: 12 } });
    expect(parsed.success).toBe(false);
    const errors = fieldErrorsOf(parsed.error!);
    expect(errors.map(namedMessage)).toContain("address.fullName: Full name is required".replace("Full name is required", errors.find((e) => e.path === "address.fullName")!.message));
    expect(namedMessage({ path: "limit", message: "a whole number from 1 to 200" })).toBe("limit: a whole number from 1 to 200");
    expect(namedMessage({ path: "items.1._id", message: "items.1._id: this item is not on the menu any more" })).toBe("items.1._id: this item is not on the menu any more");
    expect(namedMessage({ path: "", message: "Your cart is empty" })).toBe("Your cart is empty");
  });
});
