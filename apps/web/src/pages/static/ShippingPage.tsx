import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { STATIC_PAGES } from "@mithai/schema";
import { formatRupees } from "../../lib/format";
import { shopPolicyText } from "../../lib/shop-policy";
import { DeliveryTermsText, useDeliveryTerms } from "../../lib/delivery-terms";
import { StaticPage } from "./StaticPage";

export function ShippingPage() {
  const { t } = useLingui();
  const policy = shopPolicyText();
  const terms = useDeliveryTerms();
  return (
    <StaticPage page="shipping" lead={t`Every order is packed the day it leaves our kitchen.`}>
      <dl className="policy-facts">
        <div>
          <dt><Trans>Processing</Trans></dt>
          <dd>{policy.processingTime}</dd>
        </div>
        <div>
          <dt><Trans>Delivery</Trans></dt>
          <dd>
            <Trans>{policy.deliveryTime} after dispatch</Trans>
          </dd>
        </div>
        <div>
          <dt><Trans>Delivery hours</Trans></dt>
          <dd>{policy.deliveryHours}</dd>
        </div>
        <div>
          <dt><Trans>Delivery charge</Trans></dt>
          <dd>
            <DeliveryTermsText />
          </dd>
        </div>
      </dl>

      <h2><Trans>Processing</Trans></h2>
      <p><Trans>
        We make sweets in small batches, so each order is prepared and packed within {policy.processingTime} of payment. Orders paid on a Sunday
        or a public holiday are processed from the next business day.
      </Trans></p>

      <h2><Trans>Delivery</Trans></h2>
      <p><Trans>
        Once dispatched, your sweets reach you within {policy.deliveryTime}. Our delivery partners come {policy.deliveryHours}; there are no
        deliveries on Sundays or public holidays. Remote pincodes can take a day longer.
      </Trans></p>
      <p><Trans>What delivery costs depends on the area of your PIN code; the cart and the order page show the charge for yours before you pay.</Trans></p>
      {terms.data && terms.data.zones.length > 0 && (
        <table className="delivery-zones">
          <caption><Trans>Delivery charges by area</Trans></caption>
          <thead>
            <tr>
              <th scope="col"><Trans>Area</Trans></th>
              <th scope="col"><Trans>Charge</Trans></th>
              <th scope="col"><Trans>Free for orders of</Trans></th>
            </tr>
          </thead>
          <tbody>
            {terms.data.zones.map((zone) => (
              <tr key={zone.name}>
                <th scope="row">{zone.name}</th>
                <td>{zone.charge === 0 ? t`Free` : formatRupees(zone.charge)}</td>
                <td>{zone.charge === 0 ? t`Every order` : zone.freeAbove !== null ? t`${formatRupees(zone.freeAbove)} or more` : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2><Trans>Following your order</Trans></h2>
      <p><Trans>
        Sign in and open Orders from your profile menu to see each order's status. It moves from Order received to Food Processing, Out for delivery and
        Delivered.
      </Trans></p>

      <h2><Trans>Receiving your order</Trans></h2>
      <p><Trans>
        Please make sure the address and mobile number are complete and someone can receive the box: sweets are perishable and are not left unattended.
        If the courier cannot reach you, they try again on the next delivery day.
      </Trans></p>
      <p><Trans>
        Check the box when it arrives. If anything is damaged or wrong, tell us within {policy.damageReportWindow} with photos, as our{" "}
        <Link to={STATIC_PAGES.cancellation.path}>Cancellation and refund policy</Link> describes.
      </Trans></p>
    </StaticPage>
  );
}
