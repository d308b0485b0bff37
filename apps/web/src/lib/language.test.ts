import { describe, expect, it } from "vitest";
import { basenameOf, languageOfPath, pathInLanguage } from "./language";

describe("language of a path", () => {
  it("is Hindi or Telugu under their prefixes and English elsewhere", () => {
    expect(languageOfPath("/hi/product/jalebi")).toBe("hi");
    expect(languageOfPath("/te")).toBe("te");
    expect(languageOfPath("/te/")).toBe("te");
    expect(languageOfPath("/product/jalebi")).toBe("en");
    expect(languageOfPath("/")).toBe("en");
    // Only a whole first segment is a prefix; /en is not one (English stays unprefixed).
    expect(languageOfPath("/hindi-sweets")).toBe("en");
    expect(languageOfPath("/en/cart")).toBe("en");
  });

  it("gives the router its basename", () => {
    expect(basenameOf("en")).toBe("");
    expect(basenameOf("hi")).toBe("/hi");
  });

  it("moves the same page between languages", () => {
    expect(pathInLanguage("/hi/cart", "te")).toBe("/te/cart");
    expect(pathInLanguage("/product/kaju-katli", "hi")).toBe("/hi/product/kaju-katli");
    expect(pathInLanguage("/te/user-dashboard/my-orders", "en")).toBe("/user-dashboard/my-orders");
    expect(pathInLanguage("/te", "en")).toBe("/");
    expect(pathInLanguage("/", "hi")).toBe("/hi/");
    expect(pathInLanguage("/hi/", "te")).toBe("/te/");
  });
});
