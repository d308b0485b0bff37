import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apportion, invoiceFigures, numberInWords, rupeesInWords, stateCodeOf } from "./tax";

describe("GST figures", () => {
  it("spreads a discount over lines to the paisa, and every line and total reconciles with what was paid", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ unitPricePaise: fc.integer({ min: 100, max: 10_000_000 }), quantity: fc.integer({ min: 1, max: 100 }), gstRate: fc.constantFrom(0, 5, 12, 18) }), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (rows, intraState) => {
          const items = rows.map((row, i) => ({ ...row, name: `Sweet ${i}`, hsn: "21069099" }));
          const subtotal = items.reduce((sum, item) => sum + item.unitPricePaise * item.quantity, 0);
          const discount = Math.min(15_000, subtotal - 100);
          const figures = invoiceFigures(items, discount, { intraState, registered: true });
          expect(figures.totals.totalPaise).toBe(subtotal - discount);
          expect(figures.totals.discountPaise).toBe(discount);
          for (const line of figures.lines) {
            expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.valuePaise);
            expect(line.discountPaise).toBeGreaterThanOrEqual(0);
            if (intraState) expect(line.igstPaise).toBe(0);
            else expect(line.cgstPaise + line.sgstPaise).toBe(0);
          }
        },
      ),
    );
  });

  it("works out odd prices, the ₹150 discount and mixed rates as a person would", () => {
    // ₹580.50 × 3 at 5 % and ₹333.33 × 1 at 12 %, ₹150 off: 2074.83 paid.
    const figures = invoiceFigures(
      [
        { name: "Kaju Katli", hsn: "21069099", gstRate: 5, quantity: 3, unitPricePaise: 58_050 },
        { name: "Dry fruit box", hsn: "08013210", gstRate: 12, quantity: 1, unitPricePaise: 33_333 },
      ],
      15_000,
      { intraState: true, registered: true },
    );
    // Discount in proportion: 174150 : 33333 of 15000 → 12590 and 2410 (largest remainder).
    expect(figures.lines.map((l) => l.discountPaise)).toEqual([12_590, 2_410]);
    expect(figures.lines.map((l) => l.valuePaise)).toEqual([161_560, 30_923]);
    // 161560 / 1.05 = 153866.67 → 153867 taxable, 7693 tax: CGST 3847 (rounded half), SGST 3846.
    expect(figures.lines[0]).toMatchObject({ taxablePaise: 153_867, cgstPaise: 3_847, sgstPaise: 3_846, igstPaise: 0 });
    // 30923 / 1.12 = 27609.82 → 27610 taxable, 3313 tax.
    expect(figures.lines[1]).toMatchObject({ taxablePaise: 27_610, cgstPaise: 1_657, sgstPaise: 1_656 });
    expect(figures.totals.totalPaise).toBe(192_483);
  });

  it("puts all the tax in IGST across states, and none at all without a GSTIN (bill of supply)", () => {
    const item = [{ name: "Jalebi", hsn: "21069099", gstRate: 5, quantity: 2, unitPricePaise: 48_000 }];
    expect(invoiceFigures(item, 0, { intraState: false, registered: true }).lines[0]).toMatchObject({ taxablePaise: 91_429, igstPaise: 4_571, cgstPaise: 0 });
    expect(invoiceFigures(item, 0, { intraState: true, registered: false }).lines[0]).toMatchObject({ taxablePaise: 96_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });

  it("apportions whole units that add up", () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(0, [5, 7])).toEqual([0, 0]);
  });

  it("writes amounts in words the Indian way", () => {
    expect(numberInWords(128_000)).toBe("One Lakh Twenty Eight Thousand");
    expect(numberInWords(12_345_678)).toBe("One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight");
    expect(rupeesInWords(192_483)).toBe("Rupees One Thousand Nine Hundred Twenty Four and Eighty Three Paise Only");
    expect(rupeesInWords(100)).toBe("Rupees One Only");
  });

  it("knows GST state codes as people type state names", () => {
    expect(stateCodeOf(" tamil  NADU ")).toBe("33");
    expect(stateCodeOf("Jammu & Kashmir")).toBe("01");
    expect(stateCodeOf("Atlantis")).toBeNull();
  });
});
