import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { OBJECT_METHOD_FIELD_MESSAGE } from "@mithai/schema";
import { AppError } from "./errors";
import { assertStorableInput, NUL_TEXT_MESSAGE } from "./input-guard";

function refusalOf(value: unknown): string | null {
  try {
    assertStorableInput(value);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("VALIDATION");
    return (error as AppError).message;
  }
}

describe("the input guard every request's params, query, body and form fields pass", () => {
  it("lets ordinary input through: text, numbers, lists, nested objects, files", () => {
    const form = new FormData();
    form.set("name", "Kaju Katli");
    form.set("image", new Blob([new Uint8Array([0, 1, 2])]), "kaju.png");
    expect(refusalOf([{ id: "x" }, { street: "12 MG Road", items: [{ _id: "a", quantity: 0.5 }], notes: null }, "text", 7, form, Buffer.from([0])])).toBeNull();
  });

  it.each([
    ["a value", { address: { street: "12\u0000 MG Road" } }],
    ["a key", { cartData: { "a\u0000b": 1 } }],
    ["a list's item", [["ok", "n\u0000"]]],
    ["a form's field name", formWith("na\u0000me", "x")],
  ])("refuses NUL in %s", (_where, value) => expect(refusalOf(value)).toBe(NUL_TEXT_MESSAGE));

  it.each([
    ["where text belongs (zod's length check threw on it)", { street: { length: { toString: 0 } } }],
    ["at the top", { toString: "" }],
    ["deep in a list", { items: [{ _id: "a", quantity: { valueOf: 1 } }] }],
  ])("refuses an object with its own toString or valueOf field %s", (_where, value) => expect(refusalOf(value)).toBe(OBJECT_METHOD_FIELD_MESSAGE));

  it("does not walk the request stream a form arrives as", () => {
    expect(refusalOf({ raw: Readable.from(["x"]) })).toBeNull();
  });
});

function formWith(name: string, value: string): FormData {
  const form = new FormData();
  form.set(name, value);
  return form;
}
