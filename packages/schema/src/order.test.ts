import { describe, expect, it } from "vitest";
import { deliveryAddressSchema } from "./contracts/order";
import { ORDER_STATUSES, orderStatusLabel, ordersUntilDiscount } from "./order";

describe("the success page's count of orders until the discount", () => {
  it("is 1 − orderCount, never below 0", () => {
    expect([0, 1, 2, 7].map(ordersUntilDiscount)).toEqual([1, 0, 0, 0]);
  });
});

describe("the checkout address", () => {
  const address = { fullName: " Asha ", email: "Asha@Example.IN", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", pincode: "560001", country: "India", mobile: "+91 98765 43210" };

  it("is trimmed and normalised", () => {
    expect(deliveryAddressSchema.parse(address)).toEqual({ ...address, fullName: "Asha", email: "asha@example.in", mobile: "+919876543210" });
  });

  it("needs every field", () => {
    for (const field of ["fullName", "email", "street", "city", "state", "pincode", "mobile"] as const) {
      expect(deliveryAddressSchema.safeParse({ ...address, [field]: "" }).success).toBe(false);
    }
    expect(deliveryAddressSchema.safeParse({ ...address, pincode: "012345" }).success).toBe(false);
    expect(deliveryAddressSchema.safeParse({ ...address, mobile: "98765" }).success).toBe(false);
  });
});

describe("orderStatusLabel", () => {
  it("shows the stored \"Order Recieved\" as \"Order received\" and every other status as stored", () => {
    expect(orderStatusLabel("Order Recieved")).toBe("Order received");
    for (const status of ORDER_STATUSES.slice(1)) expect(orderStatusLabel(status)).toBe(status);
  });
});
