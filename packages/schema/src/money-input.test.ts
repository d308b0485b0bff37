import { describe, expect, it } from "vitest";
import { parseMoneyInput } from "./money-input";

const price = { label: "Price", min: 1, max: 100_000 };

describe("parseMoneyInput", () => {
  it.each([
    ["1280", 1280],
    ["1,280", 1280],
    ["1,299", 1299],
    ["1,28,000", 128_000],
    ["1,28,000.50", 128_000.5],
    ["128,000", 128_000],
    ["₹ 1,280.5", 1280.5],
    [" 549.50 ", 549.5],
    ["12.", 12],
  ])("reads %s as ₹%s", (text, rupees) => {
    expect(parseMoneyInput(text, { ...price, max: 1_00_00_000 })).toEqual({ ok: true, rupees });
  });

  it.each([
    ["", "Price is required"],
    ["abc", "Price must be an amount in rupees, like 1,280 or 1280.50"],
    ["12,80", "Price has its commas in the wrong places: write it like 1,280 or 1,28,000"],
    ["1,2800", "Price has its commas in the wrong places: write it like 1,280 or 1,28,000"],
    ["12.345", "Price can have at most 2 digits after the point (paise)"],
    ["0.5", "Price must be at least ₹1"],
    ["2,00,000", "Price must be at most ₹1,00,000"],
    ["-5", "Price must be an amount in rupees, like 1,280 or 1280.50"],
  ])("refuses %j in words", (text, message) => {
    expect(parseMoneyInput(text, price)).toEqual({ ok: false, message });
  });

  it("takes an empty optional box as not given", () => {
    expect(parseMoneyInput("  ", { label: "Amount", min: 1, max: 10, optional: true })).toEqual({ ok: true, rupees: null });
  });
});
