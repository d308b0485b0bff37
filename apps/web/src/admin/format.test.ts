import { describe, expect, it } from "vitest";
import { formatAdminDateTime, formatElapsed } from "./format";

describe("admin formats", () => {
  it("shows the session time as mm:ss, minutes counting on past an hour", () => {
    expect(formatElapsed(0)).toBe("00:00");
    expect(formatElapsed(5_999)).toBe("00:05");
    expect(formatElapsed(61_000)).toBe("01:01");
    expect(formatElapsed(75 * 60_000 + 3_000)).toBe("75:03");
    expect(formatElapsed(-2_000)).toBe("00:00");
  });

  it("shows dates in shop time (IST, labelled), en-IN with a 12-hour clock, whatever the viewer's zone", () => {
    // 11:35 UTC is 5:05 pm in Kolkata; the test runner's own zone does not matter.
    const text = formatAdminDateTime(new Date(Date.UTC(2026, 10, 21, 11, 35)));
    expect(text).toMatch(/^21 Nov 2026, 5:05\s?pm IST$/i);
    // Just before midnight UTC is already the next morning in Kolkata.
    expect(formatAdminDateTime(new Date(Date.UTC(2026, 10, 21, 23, 0)))).toMatch(/^22 Nov 2026, 4:30\s?am IST$/i);
  });
});
