import { Trans, useLingui } from "@lingui/react/macro";
import { SHOP_NAME } from "../../lib/shop";
import { StaticPage } from "./StaticPage";

export function PrivacyPolicyPage() {
  const { t } = useLingui();
  return (
    <StaticPage
      page="privacy"
      lead={t`${SHOP_NAME} collects only what it needs to make, deliver and support your orders. This page explains what that is and what you can ask of us.`}
    >
      <h2><Trans>What we collect</Trans></h2>
      <ul>
        <li><Trans>Your account: name, e-mail address, phone number and a securely hashed password (we never see or keep the password itself).</Trans></li>
        <li><Trans>Delivery addresses you save or enter at checkout, with the mobile number for the courier.</Trans></li>
        <li><Trans>Your orders: the sweets, quantities, amounts, payment reference and delivery status.</Trans></li>
        <li><Trans>Reviews you write, shown with your name.</Trans></li>
        <li><Trans>When you accept cookies: the time, your IP address and your browser's name, as a record of that consent.</Trans></li>
      </ul>

      <h2><Trans>What we do not collect</Trans></h2>
      <p><Trans>
        Card, UPI and bank details go directly to our payment partner, Razorpay, and are never stored by us. We do not buy data about you or sell
        yours.
      </Trans></p>

      <h2><Trans>Cookies and browser storage</Trans></h2>
      <p><Trans>
        We keep a few items in your browser: your sign-in token, your cart while you are not signed in, and whether you accepted cookies. Some product
        pages include measurement tags (such as Google's) that set their own cookies to tell us how the shop is used.
      </Trans></p>

      <h2><Trans>Who we share it with</Trans></h2>
      <p><Trans>
        Only those who help us fulfil your order: Razorpay to take payment, our courier partners to deliver (name, address and mobile number), and our
        e-mail provider to send you messages such as password resets. Each may use it for that purpose only. We disclose data to authorities only when
        the law requires it.
      </Trans></p>

      <h2><Trans>How long we keep it</Trans></h2>
      <p><Trans>
        Account details are kept while your account is open. Order records are kept for eight years, as Indian tax law requires. Password reset links
        expire after one hour.
      </Trans></p>

      <h2><Trans>Your rights</Trans></h2>
      <p><Trans>
        Under the Digital Personal Data Protection Act, 2023 you may ask to see, correct or erase your personal data, and withdraw consent you have
        given. Contact us from the e-mail address on your account and we will respond within 30 days.
      </Trans></p>

      <h2><Trans>Changes</Trans></h2>
      <p><Trans>If we change this policy we update this page.</Trans></p>
    </StaticPage>
  );
}
