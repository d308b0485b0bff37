import type { OrderStatus } from "@mithai/schema";

/** The statuses customers are mailed about (orders/status-history.ts, NOTIFIED_STATUSES). */
export type NotifiedStatus = Extract<OrderStatus, "Out for delivery" | "Delivered" | "Cancelled">;

/**
 * Every sentence of the shop's mails, once per language (en.ts, hi.ts, te.ts): a language missing a key fails the
 * typecheck. Values come in already formatted (money through `Intl` in the language's locale, order numbers as
 * "#3B87C475"); what the customer or an admin typed (names, addresses, a refund's reason) is put in as written.
 */
export interface MailStrings {
  /** The first line: "Namaste Asha,". */
  greeting(name: string): string;
  /** Order statuses as customers read them ("Order received" for the stored "Order Recieved"). */
  statusNames: Record<OrderStatus, string>;
  /** A quantity by weight: "2 kg". */
  kg(quantity: string): string;
  /** The button to the customer's orders. */
  yourOrders: string;
  receipt: {
    subject(shop: string, order: string): string;
    thanks(name: string, order: string): string;
    deliveringTo(address: string): string;
    invoice(number: string, ordersUrl: string): string;
    subtotal(amount: string): string;
    promo(code: string, amount: string): string;
    secondOrderDiscount(amount: string): string;
    /** The delivery line; `amount` null when delivery is free. */
    delivery(zone: string | null, amount: string | null): string;
    paid(amount: string, paymentId: string): string;
    /** The receipt's button. */
    track: string;
  };
  status: {
    /** The status, named: "Status: Out for delivery". */
    statusLine(status: string): string;
    headlines: Record<NotifiedStatus, { subject(order: string): string; text(order: string): string }>;
  };
  refund: {
    subject(shop: string, amount: string, order: string): string;
    refunded(amount: string, order: string, why: string): string;
    reasonWithCode(reason: string, code: string): string;
    clawback(amount: string): string;
    bankTime: string;
    creditNote(number: string): string;
  };
  reset: {
    subject(shop: string): string;
    request(shop: string, minutes: number): string;
    action: string;
    pasteLink(link: string): string;
    ignore: string;
  };
}
