import type { MailStrings } from "./types";

export const en: MailStrings = {
  greeting: (name) => `Namaste ${name},`,
  statusNames: {
    "Order Recieved": "Order received",
    "Food Processing": "Food Processing",
    "Out for delivery": "Out for delivery",
    Delivered: "Delivered",
    Cancelled: "Cancelled",
  },
  kg: (quantity) => `${quantity} kg`,
  yourOrders: "Your orders",
  receipt: {
    subject: (shop, order) => `${shop}: order ${order} confirmed`,
    thanks: (name, order) => `Thank you, ${name}! We have received your payment and your order ${order} is confirmed.`,
    deliveringTo: (address) => `Delivering to: ${address}`,
    invoice: (number, ordersUrl) => `Tax invoice ${number}: download it from your orders (${ordersUrl}).`,
    subtotal: (amount) => `Subtotal: ${amount}`,
    promo: (code, amount) => `Promo code ${code}: -${amount}`,
    secondOrderDiscount: (amount) => `Discount (2nd order this month): -${amount}`,
    delivery: (zone, amount) => `Delivery${zone ? ` (${zone})` : ""}: ${amount ?? "Free"}`,
    paid: (amount, paymentId) => `Paid: ${amount} (payment ${paymentId})`,
    track: "Track your order",
  },
  status: {
    statusLine: (status) => `Status: ${status}`,
    headlines: {
      "Out for delivery": {
        subject: (order) => `order ${order} is out for delivery`,
        text: (order) => `Your order ${order} has left our kitchen and is on its way to you.`,
      },
      Delivered: {
        subject: (order) => `order ${order} has been delivered`,
        text: (order) => `Your order ${order} has been delivered. We hope you enjoy every piece!`,
      },
      Cancelled: {
        subject: (order) => `order ${order} has been cancelled`,
        text: (order) =>
          `Your order ${order} has been cancelled. If you paid for it, the money goes back to your payment method; we write again when the refund is processed.`,
      },
    },
  },
  refund: {
    subject: (shop, amount, order) => `${shop}: ${amount} refunded for order ${order}`,
    refunded: (amount, order, why) => `We have refunded ${amount} for your order ${order} (${why}).`,
    reasonWithCode: (reason, code) => `${reason} — reason code ${code}`,
    clawback: (amount) => `${amount} was kept back: your later discounted order this month got its ₹150 discount because of this one.`,
    bankTime: "It goes back to the payment method you paid with; banks usually show it within 5–7 working days.",
    creditNote: (number) => `Credit note ${number}: download it from your orders.`,
  },
  reset: {
    subject: (shop) => `Reset your ${shop} password`,
    request: (shop, minutes) =>
      `We received a request to reset the password of your ${shop} account. Open this link within ${minutes} minutes to choose a new password (it works once):`,
    action: "Choose a new password",
    pasteLink: (link) => `Or paste this link into your browser: ${link}`,
    ignore: "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
  },
};
