import { Link } from "react-router";
import { SHOP_POLICY, STATIC_PAGES } from "@mithai/schema/pages";
import { StaticPage } from "./StaticPage";

export function ShippingPage() {
  return (
    <StaticPage page={STATIC_PAGES.shipping} lead="Every order travels free, packed the day it leaves our kitchen.">
      <dl className="policy-facts">
        <div>
          <dt>Processing</dt>
          <dd>{SHOP_POLICY.processingTime}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{SHOP_POLICY.deliveryTime} after dispatch</dd>
        </div>
        <div>
          <dt>Delivery hours</dt>
          <dd>{SHOP_POLICY.deliveryHours}</dd>
        </div>
        <div>
          <dt>Delivery charge</dt>
          <dd>Free</dd>
        </div>
      </dl>

      <h2>Processing</h2>
      <p>
        We make sweets in small batches, so each order is prepared and packed within {SHOP_POLICY.processingTime} of payment. Orders paid on a Sunday
        or a public holiday are processed from the next business day.
      </p>

      <h2>Delivery</h2>
      <p>
        Once dispatched, your sweets reach you within {SHOP_POLICY.deliveryTime}. Our delivery partners come {SHOP_POLICY.deliveryHours}; there are no
        deliveries on Sundays or public holidays. Remote pincodes can take a day longer.
      </p>
      <p>Delivery is free on every order, whatever its size.</p>

      <h2>Following your order</h2>
      <p>
        Sign in and open Orders from your profile menu to see each order's status. It moves from Order Received to Food Processing, Out for delivery and
        Delivered.
      </p>

      <h2>Receiving your order</h2>
      <p>
        Please make sure the address and mobile number are complete and someone can receive the box: sweets are perishable and are not left unattended.
        If the courier cannot reach you, they try again on the next delivery day.
      </p>
      <p>
        Check the box when it arrives. If anything is damaged or wrong, tell us within {SHOP_POLICY.damageReportWindow} with photos, as our{" "}
        <Link to={STATIC_PAGES.cancellation.path}>Cancellation and refund policy</Link> describes.
      </p>
    </StaticPage>
  );
}
