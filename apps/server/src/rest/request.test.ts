import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@mithai/api";
import { parseInput } from "./request";

describe("parseInput, every REST contract's check", () => {
  const street = z.object({ street: z.string().trim().max(300) });

  it("answers what it parsed, and a refusal names the failing field", () => {
    expect(parseInput(street, { street: " 12 MG Road " })).toEqual({ street: "12 MG Road" });
    expect(() => parseInput(street, { street: 7 })).toThrow(expect.objectContaining({ code: "VALIDATION", fieldErrors: [expect.objectContaining({ path: "street" })] }));
  });

  it("refuses, never throws out, input the contract's own checks throw on", () => {
    // zod runs the length check on anything with a `length`, and cannot compare this one (the input guard refuses
    // such objects first; this is the net behind it).
    const unreadable = { street: { length: { toString: 0 } } };
    expect(() => street.safeParse(unreadable)).toThrow(TypeError);
    let refusal: unknown;
    try {
      parseInput(street, unreadable);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "VALIDATION", httpStatus: 400, message: expect.stringContaining("a field holds a value of the wrong type") });
  });
});
