import { describe, expect, it } from "vitest";
import { MOBILE_MESSAGE, mobileProblem, normalizeMobile, pincodeProblem } from "./account";
import { mobileSchema, pincodeSchema } from "./contracts/account";

describe("the forms' number checks are the contracts' rule (issue 16)", () => {
  const mobiles = ["098450 12345", "91 98450 12345", "+91-98450-12345", "0 98450 12345", "919845012345", "+91 98450 12345", "98450-12345", "(98450) 12345", "9845012345", "+919845012345", "98450 1234", "+1 98450 12345", "98450abcde", "0091 98450 12345"];
  const pincodes = ["560 025", "560025", "060025", "56002", "5600255"];

  it("a field accepts exactly the mobile numbers and PIN codes the server accepts", () => {
    for (const value of mobiles) expect(mobileProblem(value) === null, value).toBe(mobileSchema.safeParse(value).success);
    for (const value of pincodes) expect(pincodeProblem(value) === null, value).toBe(pincodeSchema.safeParse(value).success);
  });

  it("takes a mobile written with +91 and spaces, and says the format in words otherwise", () => {
    expect(mobileProblem("+91 98450 12345")).toBeNull();
    expect(mobileSchema.parse("+91 98450 12345")).toBe("+919845012345");
    expect(mobileProblem("98450 1234")).toBe(MOBILE_MESSAGE);
  });

  it.each([
    ["098450 12345"],
    ["91 98450 12345"],
    ["+91 98450 12345"],
    ["+91-98450-12345"],
    ["0091 98450 12345"],
    ["98450-12345"],
    ["(98450) 12345"],
    ["9845012345"],
  ])("stores %j as +919845012345", (typed) => {
    expect(mobileProblem(typed)).toBeNull();
    expect(normalizeMobile(typed)).toBe("+919845012345");
    expect(mobileSchema.parse(typed)).toBe("+919845012345");
  });

  it.each([["98450 1234"], ["+1 98450 12345"], ["92 98450 12345"], ["00 98450 12345"], ["+91 98450 123456"], ["98450abcde"]])("refuses %j in words", (typed) => {
    expect(mobileProblem(typed)).toBe(MOBILE_MESSAGE);
    expect(mobileSchema.safeParse(typed).success).toBe(false);
  });
});
