import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "@mithai/schema";
import { allowedNextStatuses, fulfilmentMoveAllowed, paymentMoveAllowed } from "./transitions";

describe("the order's allowed moves", () => {
  it("fulfilment goes forward with skipping, one step back, Cancelled before Delivered, nothing out of Delivered or Cancelled", () => {
    expect(allowedNextStatuses("Order Recieved")).toEqual(["Food Processing", "Out for delivery", "Delivered", "Cancelled"]);
    expect(allowedNextStatuses("Food Processing")).toEqual(["Order Recieved", "Out for delivery", "Delivered", "Cancelled"]);
    expect(allowedNextStatuses("Out for delivery")).toEqual(["Food Processing", "Delivered", "Cancelled"]);
    expect(allowedNextStatuses("Delivered")).toEqual([]);
    expect(allowedNextStatuses("Cancelled")).toEqual([]);
    expect(allowedNextStatuses("")).toEqual([]);
    for (const status of ORDER_STATUSES) expect(fulfilmentMoveAllowed(status, status)).toBe(false);
    expect(fulfilmentMoveAllowed("Out for delivery", "Order Recieved")).toBe(false);
  });

  it("payment never leaves paid or refunded; a late payment starts only from failed or expired", () => {
    expect(paymentMoveAllowed("pay", "pending")).toBe(true);
    expect(paymentMoveAllowed("pay", "expired")).toBe(false);
    expect(paymentMoveAllowed("payLate", "expired")).toBe(true);
    expect(paymentMoveAllowed("payLate", "failed")).toBe(true);
    for (const move of ["pay", "payLate", "refuse", "fail", "expire"] as const) {
      expect(paymentMoveAllowed(move, "paid")).toBe(false);
      expect(paymentMoveAllowed(move, "refunded")).toBe(false);
    }
  });
});
