import { describe, expect, it } from "vitest";
import { clawbackTakesAll, formatRupees, lineTotalPaise, nearestPaise, rupeesToPaise, subtotalPaise } from "./money";

describe("money", () => {
  it("prices lines in whole paise and sums them, with no floating-point drift", () => {
    const lines = [
      { unitPricePaise: rupeesToPaise(549.5)!, quantity: 3 },
      { unitPricePaise: rupeesToPaise(0.1 + 0.2 + 99.7)!, quantity: 7 },
    ];
    expect(lineTotalPaise(lines[0]!)).toBe(164_850);
    expect(subtotalPaise(lines)).toBe(164_850 + 70_000);
    expect(subtotalPaise([])).toBe(0);
  });

  it("refuses rupee amounts with more than two decimals", () => {
    expect(rupeesToPaise(10.005)).toBeNull();
    expect(rupeesToPaise(Number.NaN)).toBeNull();
  });

  it("shows money as Indian shops do: paise as two digits, lakhs grouped (issue 16)", () => {
    expect(formatRupees(580.5)).toBe("₹580.50");
    expect(formatRupees(549.05)).toBe("₹549.05");
    expect(formatRupees(128000)).toBe("₹1,28,000");
    expect(formatRupees(1234567.8)).toBe("₹12,34,567.80");
    expect(formatRupees(150)).toBe("₹150");
    expect(formatRupees(0)).toBe("₹0");
    expect(formatRupees(0.1 + 0.2)).toBe("₹0.30");
  });

  it("rounds rupees as an API shows them to the nearest whole paise", () => {
    expect(nearestPaise(549.5)).toBe(54_950);
    expect(nearestPaise(0.1 + 0.2)).toBe(30);
  });

  it("says a refund sends nothing back when the clawback leaves less than ₹1 of what is left, and only then", () => {
    // ₹125 left, ₹125 kept back (a ₹150 discount relied on a ₹125 order): nothing would go back.
    expect(clawbackTakesAll(12_500, 12_500)).toBe(true);
    expect(clawbackTakesAll(15_099, 15_000)).toBe(true);
    expect(clawbackTakesAll(15_100, 15_000)).toBe(false);
    // No clawback: a refund of what is left is the ledger's own question.
    expect(clawbackTakesAll(50, 0)).toBe(false);
  });
});
