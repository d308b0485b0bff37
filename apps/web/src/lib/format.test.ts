import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { formatAverage, formatCalendarDay, formatDate, formatRupees } from "./format";

const inLanguage = (language: "en" | "hi" | "te") => i18n.loadAndActivate({ locale: language, messages: {} });

describe("numbers, money and dates in the page's language", () => {
  it("groups rupees the Indian way in every language, paise as two digits", () => {
    for (const language of ["en", "hi", "te"] as const) {
      inLanguage(language);
      expect(formatRupees(128000.5)).toBe("₹1,28,000.50");
      expect(formatRupees(480)).toBe("₹480");
    }
  });

  it("shows a star average with one decimal, a whole one too", () => {
    inLanguage("en");
    expect(formatAverage(4)).toBe("4.0");
    expect(formatAverage(4.5)).toBe("4.5");
    expect(formatAverage(4.333)).toBe("4.3");
  });

  it("writes dates in the language, in the shop's time zone whatever the phone's", () => {
    // 19:30 UTC on 27 November is already 28 November in Kolkata.
    const late = new Date("2026-11-27T19:30:00Z");
    inLanguage("en");
    expect(formatDate(late)).toBe("28 Nov 2026");
    inLanguage("hi");
    expect(formatDate(late)).toBe("28 नव॰ 2026");
    inLanguage("te");
    expect(formatDate(late, "time")).toMatch(/^1:00 AM$/);
  });

  it("shows a delivery day as that calendar day", () => {
    inLanguage("hi");
    expect(formatCalendarDay("2026-11-30")).toBe("सोम, 30 नव॰");
    inLanguage("en");
    expect(formatCalendarDay("2026-11-30")).toBe("Mon, 30 Nov");
  });
});
