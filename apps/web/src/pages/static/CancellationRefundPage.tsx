import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { STATIC_PAGES } from "@mithai/schema";
import { shopPolicyText } from "../../lib/shop-policy";
import { windowText } from "../../lib/static-pages";
import { CANCEL_WINDOW_MINUTES } from "../../lib/shop";
import { StaticPage } from "./StaticPage";

export function CancellationRefundPage() {
  const { t } = useLingui();
  const policy = shopPolicyText();
  const cancelWindow = windowText(CANCEL_WINDOW_MINUTES);
  return (
    <StaticPage
      page="cancellation"
      lead={t`Our sweets are made fresh for each order, so we cannot take them back once they are made. Here is what you can do, and what we do when something goes wrong.`}
    >
      <h2><Trans>Cancellations</Trans></h2>
      {CANCEL_WINDOW_MINUTES > 0 ? (
        <p><Trans>
          <strong>You can cancel an order yourself within {cancelWindow} of payment</strong>, while the kitchen has not started
          on it (its status still reads "Order received"): open <Link to="/user-dashboard/my-orders">My Orders</Link> and press "Cancel order". The
          whole amount is refunded to the way you paid, usually within 5-7 working days, and we e-mail you when the refund is processed. After that,
          the sweets are already being made and the order can no longer be cancelled.
        </Trans></p>
      ) : (
        <p><Trans>
          <strong>Orders cannot be cancelled online after payment.</strong> As soon as an order is paid, its sweets are scheduled into the next batch;
          contact us at once if something is wrong and we will do what we can.
        </Trans></p>
      )}

      <h2><Trans>Refunds</Trans></h2>
      <p><Trans>
        Apart from cancellations within the window above, <strong>we do not give refunds after payment</strong> for a change of mind or for sweets
        that were refused or could not be delivered because of an incomplete address. When we refund (a cancellation, or a problem on our side), you
        see it under the order in My Orders, with its amount and state.
      </Trans></p>

      <h2><Trans>Damaged or wrong items</Trans></h2>
      <p><Trans>
        If your box arrives damaged, or you receive a different sweet or quantity than you ordered, report it <strong>within {policy.damageReportWindow} of
        delivery with photos</strong> of the outer box, the packing and the sweets, along with your order ID. Once we have checked the photos we send a
        replacement at no cost. Reports made later than {policy.damageReportWindow} or without photos cannot be accepted.
      </Trans></p>

      <h2><Trans>Payments that failed</Trans></h2>
      <p><Trans>
        If money left your account but no order was confirmed, the payment did not complete. Razorpay and your bank return such amounts automatically,
        usually within 5-7 working days. If it has not arrived by then, contact us with the payment ID and we will follow it up.
      </Trans></p>

      <p className="muted"><Trans>
        See also: <Link to={STATIC_PAGES.shipping.path}>Shipping and delivery</Link> · <Link to={STATIC_PAGES.terms.path}>Terms and conditions</Link>
      </Trans></p>
    </StaticPage>
  );
}
