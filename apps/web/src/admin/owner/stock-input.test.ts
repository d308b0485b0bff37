import { describe, expect, it } from "vitest";
import { parseStockInput } from "./stock-input";

describe("parseStockInput", () => {
  it("keeps whole kilograms and empty (not tracked)", () => {
    expect(parseStockInput("25")).toEqual({ ok: true, kg: 25 });
    expect(parseStockInput(" 12 kg")).toEqual({ ok: true, kg: 12 });
    expect(parseStockInput("")).toEqual({ ok: true, kg: null });
  });

  it("refuses 2.5 in words and never reads it as 25", () => {
    expect(parseStockInput("2.5")).toEqual({ ok: false, message: "Stock is counted in whole kilograms: 2.5 kg is not a whole number (orders are in whole kg)" });
    expect(parseStockInput("2,5")).toMatchObject({ ok: false });
    expect(parseStockInput("lots")).toEqual({ ok: false, message: "Stock must be a number of kilograms, like 12, or empty when it is not tracked" });
    expect(parseStockInput("200000")).toEqual({ ok: false, message: "Stock can be at most 100000 kg" });
  });
});
