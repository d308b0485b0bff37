import { t } from "@lingui/core/macro";

/** "Only 2 kg of Kaju Katli left" / "Kaju Katli is sold out", in the page's language. */
export function stockShortText(name: string, leftKg: number): string {
  return leftKg <= 0 ? t`${name} is sold out` : t`Only ${leftKg} kg of ${name} left`;
}

/** An order's fulfilment status as the customer reads it (the stored value keeps the spec's spelling). */
export function orderStatusText(status: string): string {
  switch (status) {
    case "Order Recieved":
      return t`Order received`;
    case "Food Processing":
      return t`Food Processing`;
    case "Out for delivery":
      return t`Out for delivery`;
    case "Delivered":
      return t`Delivered`;
    case "Cancelled":
      return t`Cancelled`;
    default:
      return status;
  }
}
