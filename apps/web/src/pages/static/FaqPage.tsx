import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { STATIC_PAGES } from "@mithai/schema";
import { shopPolicyText } from "../../lib/shop-policy";
import { Accordion, type AccordionEntry } from "../../components/Accordion";
import { DeliveryTermsText } from "../../lib/delivery-terms";
import { StaticPage } from "./StaticPage";

const faq = (): AccordionEntry[] => {
  const policy = shopPolicyText();
  return [
  {
    title: t`How are your sweets sold?`,
    content: <p><Trans>By weight. Every price on the menu is per kilogram, and you order each sweet in whole kilograms: 1 kg at least, up to 100 kg.</Trans></p>,
  },
  {
    title: t`How fresh are the sweets when they reach me?`,
    content: <p><Trans>We cook in small batches every day and pack your order from the freshest batch, sealed in food-grade boxes on the day it leaves our kitchen.</Trans></p>,
  },
  {
    title: t`Do you use preservatives or artificial colours?`,
    content: <p><Trans>No. Our sweets are made with pure ghee, jaggery or sugar, real nuts and spices, and nothing artificial to stretch their life.</Trans></p>,
  },
  {
    title: t`How long do the sweets keep?`,
    content: (
      <p><Trans>
        Milk and khoya sweets are best within 3 days and should be refrigerated. Dry sweets such as laddoos, chikki and soan papdi keep for about two
        weeks in an airtight box at room temperature. Each box carries a best-before date.
      </Trans></p>
    ),
  },
  {
    title: t`Are your sweets vegetarian? What about allergens?`,
    content: (
      <p><Trans>
        Everything we make is vegetarian and egg-free. Many sweets contain milk, nuts, sesame or wheat, so please read the Ingredients Used tab on each
        sweet's page before ordering for someone with an allergy.
      </Trans></p>
    ),
  },
  {
    title: t`Do I need an account to order?`,
    content: <p><Trans>You can browse and fill your cart as a guest. To check out, sign in or create an account so we can keep your delivery addresses and show your orders.</Trans></p>,
  },
  {
    title: t`How can I pay?`,
    content: <p><Trans>All orders are prepaid online by card, UPI, net banking or wallet through Razorpay's secure checkout. We do not offer cash on delivery.</Trans></p>,
  },
  {
    title: t`Is my payment information safe?`,
    content: <p><Trans>Yes. Payments are handled entirely by Razorpay; your card or UPI details go straight to them and never reach or stay on our servers.</Trans></p>,
  },
  {
    title: t`How much does delivery cost?`,
    content: (
      <p><Trans>
        <DeliveryTermsText /> The charge for your PIN code shows in the cart and on the order page before you pay; see{" "}
        <Link to={STATIC_PAGES.shipping.path}>Shipping and delivery</Link> for every area.
      </Trans></p>
    ),
  },
  {
    title: t`How long will my order take to arrive?`,
    content: (
      <p><Trans>
        We pack and dispatch within {policy.processingTime}, and the courier delivers within {policy.deliveryTime} after that. Deliveries are
        made {policy.deliveryHours}. See <Link to={STATIC_PAGES.shipping.path}>Shipping and delivery</Link> for details.
      </Trans></p>
    ),
  },
  {
    title: t`How do I follow my order?`,
    content: <p><Trans>Sign in and open Orders from your profile menu. Each order shows its status: Order received, Food Processing, Out for delivery and Delivered.</Trans></p>,
  },
  {
    title: t`Can I change or cancel my order?`,
    content: (
      <p><Trans>
        Orders can be modified or cancelled within {policy.orderChangeWindow} of being placed: contact us straight away with your order ID. Our{" "}
        <Link to={STATIC_PAGES.cancellation.path}>Cancellation and refund policy</Link> explains what applies to paid orders.
      </Trans></p>
    ),
  },
  {
    title: t`What if my sweets arrive damaged or I receive the wrong item?`,
    content: (
      <p><Trans>
        Tell us within {policy.damageReportWindow} of delivery and send photos of the box and the sweets. Once we have seen them we send a
        replacement at no cost.
      </Trans></p>
    ),
  },
  {
    title: t`Do you have any offers?`,
    content: <p><Trans>Yes: your second paid order in a calendar month gets ₹150 off, applied automatically at checkout. One discounted order per customer per month.</Trans></p>,
  },
  {
    title: t`Can I order in bulk for a wedding, festival or office?`,
    content: (
      <p><Trans>
        Yes. You can order up to 100 kg of each sweet online. For larger quantities or a fixed delivery date, contact us during shop hours ({policy.timings})
        at least a week ahead.
      </Trans></p>
    ),
  },
];
};

export function FaqPage() {
  const { t } = useLingui();
  return (
    <StaticPage page="faq" lead={t`Answers to what customers ask us most. Choose a question to read the answer.`}>
      <Accordion entries={faq()} />
    </StaticPage>
  );
}
