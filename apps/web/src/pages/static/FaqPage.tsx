import { Link } from "react-router";
import { SHOP_POLICY, STATIC_PAGES } from "@mithai/schema/pages";
import { SHOP_TIMINGS } from "@mithai/schema/shop";
import { Accordion, type AccordionEntry } from "../../components/Accordion";
import { StaticPage } from "./StaticPage";

const FAQ: AccordionEntry[] = [
  {
    title: "How are your sweets sold?",
    content: <p>By weight. Every price on the menu is per kilogram, and you order each sweet in whole kilograms: 1 kg at least, up to 100 kg.</p>,
  },
  {
    title: "How fresh are the sweets when they reach me?",
    content: <p>We cook in small batches every day and pack your order from the freshest batch, sealed in food-grade boxes on the day it leaves our kitchen.</p>,
  },
  {
    title: "Do you use preservatives or artificial colours?",
    content: <p>No. Our sweets are made with pure ghee, jaggery or sugar, real nuts and spices, and nothing artificial to stretch their life.</p>,
  },
  {
    title: "How long do the sweets keep?",
    content: (
      <p>
        Milk and khoya sweets are best within 3 days and should be refrigerated. Dry sweets such as laddoos, chikki and soan papdi keep for about two
        weeks in an airtight box at room temperature. Each box carries a best-before date.
      </p>
    ),
  },
  {
    title: "Are your sweets vegetarian? What about allergens?",
    content: (
      <p>
        Everything we make is vegetarian and egg-free. Many sweets contain milk, nuts, sesame or wheat, so please read the Ingredients Used tab on each
        sweet's page before ordering for someone with an allergy.
      </p>
    ),
  },
  {
    title: "Do I need an account to order?",
    content: <p>You can browse and fill your cart as a guest. To check out, sign in or create an account so we can keep your delivery addresses and show your orders.</p>,
  },
  {
    title: "How can I pay?",
    content: <p>All orders are prepaid online by card, UPI, net banking or wallet through Razorpay's secure checkout. We do not offer cash on delivery.</p>,
  },
  {
    title: "Is my payment information safe?",
    content: <p>Yes. Payments are handled entirely by Razorpay; your card or UPI details go straight to them and never reach or stay on our servers.</p>,
  },
  {
    title: "How much does delivery cost?",
    content: <p>Nothing. Delivery is free on every order.</p>,
  },
  {
    title: "How long will my order take to arrive?",
    content: (
      <p>
        We pack and dispatch within {SHOP_POLICY.processingTime}, and the courier delivers within {SHOP_POLICY.deliveryTime} after that. Deliveries are
        made {SHOP_POLICY.deliveryHours}. See <Link to={STATIC_PAGES.shipping.path}>Shipping and delivery</Link> for details.
      </p>
    ),
  },
  {
    title: "How do I follow my order?",
    content: <p>Sign in and open Orders from your profile menu. Each order shows its status: Order Received, Food Processing, Out for delivery and Delivered.</p>,
  },
  {
    title: "Can I change or cancel my order?",
    content: (
      <p>
        Orders can be modified or cancelled within {SHOP_POLICY.orderChangeWindow} of being placed: contact us straight away with your order ID. Our{" "}
        <Link to={STATIC_PAGES.cancellation.path}>Cancellation and refund policy</Link> explains what applies to paid orders.
      </p>
    ),
  },
  {
    title: "What if my sweets arrive damaged or I receive the wrong item?",
    content: (
      <p>
        Tell us within {SHOP_POLICY.damageReportWindow} of delivery and send photos of the box and the sweets. Once we have seen them we send a
        replacement at no cost.
      </p>
    ),
  },
  {
    title: "Do you have any offers?",
    content: <p>Yes: your second paid order in a calendar month gets ₹150 off, applied automatically at checkout. One discounted order per customer per month.</p>,
  },
  {
    title: "Can I order in bulk for a wedding, festival or office?",
    content: (
      <p>
        Yes. You can order up to 100 kg of each sweet online. For larger quantities or a fixed delivery date, contact us during shop hours ({SHOP_TIMINGS})
        at least a week ahead.
      </p>
    ),
  },
];

export function FaqPage() {
  return (
    <StaticPage page={STATIC_PAGES.faq} lead="Answers to what customers ask us most. Choose a question to read the answer.">
      <Accordion entries={FAQ} />
    </StaticPage>
  );
}
