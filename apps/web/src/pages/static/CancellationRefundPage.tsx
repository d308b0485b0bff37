import { Link } from "react-router";
import { SHOP_POLICY, STATIC_PAGES } from "@mithai/schema/pages";
import { StaticPage } from "./StaticPage";

export function CancellationRefundPage() {
  return (
    <StaticPage
      page={STATIC_PAGES.cancellation}
      lead="Our sweets are made fresh for each order, so we cannot take them back. Here is what we do when something goes wrong."
    >
      <h2>Cancellations</h2>
      <p>
        <strong>Orders cannot be cancelled after payment.</strong> As soon as an order is paid, its sweets are scheduled into the next batch and
        ingredients are set aside for it.
      </p>

      <h2>Refunds</h2>
      <p>
        <strong>We do not give refunds after payment</strong>, including for a change of mind or for sweets that were refused or could not be delivered
        because of an incomplete address.
      </p>

      <h2>Damaged or wrong items</h2>
      <p>
        If your box arrives damaged, or you receive a different sweet or quantity than you ordered, report it <strong>within {SHOP_POLICY.damageReportWindow} of
        delivery with photos</strong> of the outer box, the packing and the sweets, along with your order ID. Once we have checked the photos we send a
        replacement at no cost. Reports made later than {SHOP_POLICY.damageReportWindow} or without photos cannot be accepted.
      </p>

      <h2>Payments that failed</h2>
      <p>
        If money left your account but no order was confirmed, the payment did not complete. Razorpay and your bank return such amounts automatically,
        usually within 5-7 working days. If it has not arrived by then, contact us with the payment ID and we will follow it up.
      </p>

      <p className="muted">
        See also: <Link to={STATIC_PAGES.shipping.path}>Shipping and delivery</Link> · <Link to={STATIC_PAGES.terms.path}>Terms and conditions</Link>
      </p>
    </StaticPage>
  );
}
