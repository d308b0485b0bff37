import { Trans } from "@lingui/react/macro";
import { OrderHistory } from "../../checkout/OrderHistory";

/** The customer's paid orders (/user-dashboard/my-orders; /myorders leads here too). */
export function MyOrders() {
  return (
    <>
      <h2>
        <Trans>My Orders</Trans>
      </h2>
      <OrderHistory />
    </>
  );
}
