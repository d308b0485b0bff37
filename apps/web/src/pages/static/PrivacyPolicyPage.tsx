import { STATIC_PAGES } from "@mithai/schema/pages";
import { SHOP_NAME } from "../../lib/shop";
import { StaticPage } from "./StaticPage";

export function PrivacyPolicyPage() {
  return (
    <StaticPage
      page={STATIC_PAGES.privacy}
      lead={`${SHOP_NAME} collects only what it needs to make, deliver and support your orders. This page explains what that is and what you can ask of us.`}
    >
      <h2>What we collect</h2>
      <ul>
        <li>Your account: name, e-mail address, phone number and a securely hashed password (we never see or keep the password itself).</li>
        <li>Delivery addresses you save or enter at checkout, with the mobile number for the courier.</li>
        <li>Your orders: the sweets, quantities, amounts, payment reference and delivery status.</li>
        <li>Reviews you write, shown with your name.</li>
        <li>When you accept cookies: the time, your IP address and your browser's name, as a record of that consent.</li>
      </ul>

      <h2>What we do not collect</h2>
      <p>
        Card, UPI and bank details go directly to our payment partner, Razorpay, and are never stored by us. We do not buy data about you or sell
        yours.
      </p>

      <h2>Cookies and browser storage</h2>
      <p>
        We keep a few items in your browser: your sign-in token, your cart while you are not signed in, and whether you accepted cookies. Some product
        pages include measurement tags (such as Google's) that set their own cookies to tell us how the shop is used.
      </p>

      <h2>Who we share it with</h2>
      <p>
        Only those who help us fulfil your order: Razorpay to take payment, our courier partners to deliver (name, address and mobile number), and our
        e-mail provider to send you messages such as password resets. Each may use it for that purpose only. We disclose data to authorities only when
        the law requires it.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Account details are kept while your account is open. Order records are kept for eight years, as Indian tax law requires. Password reset links
        expire after one hour.
      </p>

      <h2>Your rights</h2>
      <p>
        Under the Digital Personal Data Protection Act, 2023 you may ask to see, correct or erase your personal data, and withdraw consent you have
        given. Contact us from the e-mail address on your account and we will respond within 30 days.
      </p>

      <h2>Changes</h2>
      <p>If we change this policy we update this page.</p>
    </StaticPage>
  );
}
