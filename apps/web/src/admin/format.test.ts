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

  it("shows dates in en-IN with a 12-hour clock", () => {
    const text = formatAdminDateTime(new Date(2026, 10, 21, 17, 5));
    expect(text).toMatch(/21 Nov 2026/);
    expect(text).toMatch(/5:05\s?pm/i);
  });
});
