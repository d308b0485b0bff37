import { describe, expect, it } from "vitest";
import { discountedAmount, kolkataMonth, kolkataMonthRange } from "./discount";

describe("the Asia/Kolkata calendar month", () => {
  it("turns over at midnight IST, 18:30 UTC the day before", () => {
    expect(kolkataMonth(new Date("2026-10-31T18:29:59.999Z"))).toBe("2026-10");
    expect(kolkataMonth(new Date("2026-10-31T18:30:00.000Z"))).toBe("2026-11");
    expect(kolkataMonth(new Date("2026-12-31T18:30:00.000Z"))).toBe("2027-01");
  });

  it("spans from its first midnight to the next month's", () => {
    expect(kolkataMonthRange("2026-12")).toEqual({ start: new Date("2026-11-30T18:30:00.000Z"), end: new Date("2026-12-31T18:30:00.000Z") });
    expect(kolkataMonthRange("2027-02").end).toEqual(new Date("2027-02-28T18:30:00.000Z"));
  });
});

describe("the ₹150 discount", () => {
  it("takes ₹150 off", () => {
    expect(discountedAmount(54_950)).toEqual({ discountPaise: 15_000, amountPaise: 39_950 });
  });

  it("never brings the amount below ₹1", () => {
    expect(discountedAmount(12_000)).toEqual({ discountPaise: 11_900, amountPaise: 100 });
    expect(discountedAmount(15_000)).toEqual({ discountPaise: 14_900, amountPaise: 100 });
  });
});
