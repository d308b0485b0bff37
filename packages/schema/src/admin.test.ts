import { describe, expect, it } from "vitest";
import { cleanPriceInput, PRICE_PATTERN } from "./admin";
import { foodItemInputSchema } from "./contracts/admin";

describe("the admin price box", () => {
  it.each([
    ["₹1,249.50", "1249.50"],
    ["12a3", "123"],
    ["-5", "5"],
    ["1e3", "13"],
    [" 99 ", "99"],
  ])("keeps only digits and dots of %j", (typed, kept) => {
    expect(cleanPriceInput(typed)).toBe(kept);
  });

  it.each(["1", "549.5", "549.50", "100000"])("accepts %j", (price) => expect(PRICE_PATTERN.test(price)).toBe(true));
  it.each(["", ".5", "1.", "1.2.3", "12.345"])("calls %j an invalid format", (price) => expect(PRICE_PATTERN.test(price)).toBe(false));
});

describe("foodItemInputSchema", () => {
  const base = {
    name: "Peda",
    description: "d",
    price: 549.5,
    category: "Festive Sweets",
    ingredients: "i",
    benefits: "b",
    faq: [
      { question: "q1", answer: "a1" },
      { question: "q2", answer: "a2" },
    ],
  };

  it("reads rupees as a number or as form text into paise, and fills the optional SEO fields", () => {
    expect(foodItemInputSchema.parse(base)).toMatchObject({ price: 54950, slug: "", metaTitle: "", googleTagBody: "" });
    expect(foodItemInputSchema.parse({ ...base, price: "1249.99" }).price).toBe(124999);
    expect(foodItemInputSchema.parse({ ...base, faq: JSON.stringify(base.faq) }).faq).toEqual(base.faq);
  });

  it("refuses a form's FAQ text holding an object no check can read (zod threw on it before)", () => {
    // `{"length":{"toString":0}}` where text belongs: zod's length checks run on it and cannot compare the length.
    const unreadable = { length: { toString: 0 } };
    const faq = JSON.stringify(base.faq.map((entry) => ({ ...entry, question: unreadable })));
    const parsed = foodItemInputSchema.safeParse({ ...base, faq });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["faq"]);
    const translations = JSON.stringify({ hi: { name: unreadable } });
    expect(foodItemInputSchema.safeParse({ ...base, translations }).error?.issues.map((issue) => issue.path.join("."))).toEqual(["translations"]);
  });

  it.each([0, 0.99, 100000.01, 12.345, Number.NaN, Infinity])("refuses the price %d", (price) => {
    expect(foodItemInputSchema.safeParse({ ...base, price }).success).toBe(false);
  });
});
