import { describe, expect, it } from "vitest";
import { lineTotalPaise, rupeesToPaise, subtotalPaise } from "./money";

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
});
