import { describe, expect, it } from "vitest";
import type { orders } from "@mithai/db/schema";
import { orderConfirmationMail } from "./confirmation-mail";

const config = { shopName: "Mithai", publicUrl: "https://mithai.example" };

function paidOrder(overrides: Partial<typeof orders.$inferSelect> = {}): typeof orders.$inferSelect {
  return {
    id: "3b87c475-1f2a-4c3d-8e9f-0a1b2c3d4e5f",
    userId: "00000000-0000-4000-8000-000000000001",
    items: [{ foodItemId: "f", name: "Kaju Katli", quantity: 2, unitPricePaise: 58_050, image: "k.webp" }],
    subtotalPaise: 116_100,
    discountPaise: 15_000,
    amountPaise: 101_100,
    address: { fullName: "Asha Rao", email: "asha@example.in", street: "1 MG Road", city: "Pune", state: "MH", pincode: "411001", country: "India", mobile: "9876543210" },
    paymentStatus: "paid",
    status: "Order Recieved",
    razorpayOrderId: "order_1",
    paymentId: "pay_1",
    discountApplied: true,
    ...overrides,
  } as typeof orders.$inferSelect;
}

describe("the receipt mail (issue 16)", () => {
  it("names the order by its one number and itemises the ₹150 discount, in Indian money", () => {
    const mail = orderConfirmationMail(config, paidOrder());
    expect(mail.subject).toBe("Mithai: order #3B87C475 confirmed");
    expect(mail.text).toContain("Kaju Katli × 2 kg: ₹1,161");
    expect(mail.text).toContain("Subtotal: ₹1,161\nDiscount (2nd order this month): -₹150\nDelivery: Free\nPaid: ₹1,011");
    expect(orderConfirmationMail(config, paidOrder({ promoCode: "DIWALI10", deliveryZone: "Telangana", deliveryChargePaise: 4_900 })).text).toContain("Promo code DIWALI10: -₹150\nDelivery (Telangana): ₹49\nPaid");
    expect(mail.html).toContain("Discount (2nd order this month): -₹150");
  });

  it("shows paise as two digits and leaves the discount out when there is none", () => {
    const mail = orderConfirmationMail(config, paidOrder({ discountPaise: 0, amountPaise: 116_100, items: [{ foodItemId: "f", name: "Jalebi", quantity: 1, unitPricePaise: 58_050, image: "j.webp" }], subtotalPaise: 58_050 }));
    expect(mail.text).toContain("Jalebi × 1 kg: ₹580.50");
    expect(mail.text).not.toContain("Discount");
  });
});
