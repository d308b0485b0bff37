import { describe, expect, it } from "vitest";
import { addShopDays, financialYear, shopDay, shopDayRange, shopMonth, shopMonthRange, weekdayOf } from "./shop-clock";

describe("the shop's clock (Asia/Kolkata, UTC+05:30 all year)", () => {
  it("turns the day over at midnight IST, 18:30 UTC the day before", () => {
    expect(shopDay(new Date("2026-11-23T18:29:59.999Z"))).toBe("2026-11-23");
    expect(shopDay(new Date("2026-11-23T18:30:00.000Z"))).toBe("2026-11-24");
    // The same answer the platform's time-zone database gives, for every hour of a year.
    const byIntl = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" });
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 3_600_000 + 60_000) {
      expect(shopDay(new Date(at))).toBe(byIntl.format(at));
    }
  });

  it("turns the month over at midnight IST", () => {
    expect(shopMonth(new Date("2026-10-31T18:29:59.999Z"))).toBe("2026-10");
    expect(shopMonth(new Date("2026-10-31T18:30:00.000Z"))).toBe("2026-11");
    expect(shopMonth(new Date("2026-12-31T18:30:00.000Z"))).toBe("2027-01");
  });

  it("spans a day and a month from their first midnight to the next one's", () => {
    expect(shopDayRange("2026-11-24")).toEqual({ start: new Date("2026-11-23T18:30:00.000Z"), end: new Date("2026-11-24T18:30:00.000Z") });
    expect(shopMonthRange("2026-12")).toEqual({ start: new Date("2026-11-30T18:30:00.000Z"), end: new Date("2026-12-31T18:30:00.000Z") });
    expect(shopMonthRange("2027-02").end).toEqual(new Date("2027-02-28T18:30:00.000Z"));
  });

  it("counts calendar days across months and years, and knows the weekday", () => {
    expect(addShopDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addShopDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addShopDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(weekdayOf("2026-11-22")).toBe(0); // a Sunday
    expect(weekdayOf("2026-11-28")).toBe(6);
  });

  it("starts the financial year on 1 April", () => {
    expect(financialYear(new Date("2026-03-31T18:29:59Z"))).toBe("25-26"); // 23:59:59 on 31 March in Kolkata
    expect(financialYear(new Date("2026-03-31T18:30:00Z"))).toBe("26-27"); // midnight, 1 April
    expect(financialYear(new Date("2099-12-31T00:00:00Z"))).toBe("99-00");
  });
});
