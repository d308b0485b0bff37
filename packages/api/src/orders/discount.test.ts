import { describe, expect, it } from "vitest";
import { discountedAmount } from "./discount";

describe("the ₹150 discount", () => {
  it("takes ₹150 off", () => {
    expect(discountedAmount(54_950)).toEqual({ discountPaise: 15_000, amountPaise: 39_950 });
  });

  it("never brings the amount below ₹1", () => {
    expect(discountedAmount(12_000)).toEqual({ discountPaise: 11_900, amountPaise: 100 });
    expect(discountedAmount(15_000)).toEqual({ discountPaise: 14_900, amountPaise: 100 });
  });
});
