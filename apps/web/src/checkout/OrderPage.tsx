import { Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData } from "@tanstack/react-query";
import { Suspense, lazy, useEffect, useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router";
import { PINCODE_PATTERN, sameAddress } from "@mithai/schema";
import type { DeliveryAddressInput, PlacedOrder } from "@mithai/schema";
import { serverMessageOf } from "../lib/errors";
import { showNotice } from "../lib/notice";
import { useCustomerToken } from "../lib/session";
import { SHOP_NAME } from "../lib/shop";
import { trpc } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";
import { OrderPromo } from "../components/OrderPromo";
import { DeliveryForm, emptyAddress, withSavedAddress } from "./DeliveryForm";
import { OrderSummary } from "./OrderSummary";
import { NO_WHATSAPP, WhatsappOptIn, whatsappInput, type WhatsappChoice } from "./WhatsappOptIn";
import { openRazorpayCheckout, type PaymentResult } from "./payment-window";
import "./checkout.css";

// Only customers paying in sandbox mode download the test-mode window.
const SandboxCheckout = lazy(() => import("./SandboxCheckout"));

/** /order: delivery address, the server's order summary, then the payment window and verification. */
export function OrderPage() {
  const token = useCustomerToken();
  if (!token) return <Navigate to="/cart" replace />;
  return <Checkout />;
}

function Checkout() {
  const { t } = useLingui();
  const placementFailed = t`Something went wrong during order placement.`;
  useDocumentTitle(t`Checkout`);
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const profile = trpc.user.profile.useQuery();
  const [address, setAddress] = useState<DeliveryAddressInput>(emptyAddress);
  // The promo code lives with the server cart: applied in the cart or here, kept across reloads until paid or removed.
  const currentPromo = trpc.promo.current.useQuery(undefined, { staleTime: 0 });
  const promoCode = currentPromo.data?.promoCode ?? null;
  // The summary follows the PIN code typed (its delivery charge) and the cart's promo code.
  const pincode = new RegExp(`^${PINCODE_PATTERN}$`).test(address.pincode) ? address.pincode : undefined;
  const preview = trpc.order.preview.useQuery(
    { ...(pincode ? { pincode } : {}), ...(promoCode ? { promoCode } : {}) },
    { staleTime: 0, placeholderData: keepPreviousData },
  );
  const place = trpc.order.place.useMutation();
  const verify = trpc.order.verify.useMutation();
  const abandon = trpc.order.abandon.useMutation();
  const [paying, setPaying] = useState<PlacedOrder | null>(null);
  const [problem, setProblem] = useState("");
  // Once a payment has an outcome the page only leaves for /verify: the emptied cart must not send it to /cart.
  const [leaving, setLeaving] = useState(false);

  const addAddress = trpc.user.addAddress.useMutation();
  const [saveNewAddress, setSaveNewAddress] = useState(false);
  const [whatsapp, setWhatsapp] = useState<WhatsappChoice>(NO_WHATSAPP);
  // Updates go to the customer's own mobile unless they type another; without one on the profile, the delivery mobile.
  const whatsappPrefill = profile.data?.phoneNumber || address.mobile;

  useEffect(() => {
    if (!profile.data) return;
    const { name, email, phoneNumber, addresses, lastUsedAddressId } = profile.data;
    // The address the last order went to comes first, else the latest saved one; the customer may pick another.
    const preferred = addresses.find((saved) => saved._id === lastUsedAddressId) ?? addresses.at(-1);
    setAddress((current) => {
      const who = { ...current, fullName: current.fullName || name, email: current.email || email };
      if (preferred && !current.street) return withSavedAddress(who, preferred);
      return { ...who, mobile: current.mobile || (phoneNumber ?? "") };
    });
  }, [profile.data]);

  if (preview.isError) return <Navigate to="/cart" replace />;
  if (!preview.data) return (
      <p className="container section">
        <Trans>Loading your order...</Trans>
      </p>
    );
  if (preview.data.lines.length === 0 && !paying && !leaving) return <Navigate to="/cart" replace />;

  const prefill = { name: address.fullName, email: address.email, contact: address.mobile };
  // Saving a new address comes first: the button was live meanwhile, so a second tap started the whole submit again.
  const placing = addAddress.isPending || place.isPending;
  const busy = placing || paying !== null || leaving;
  // Nothing to pay for while a line asks more than is left or the PIN code is not served: the summary says why.
  const blocked = preview.data.lines.some((line) => line.problem) || preview.data.delivery?.serviceable === false;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem("");
    if (saveNewAddress && !profile.data?.addresses.some((saved) => sameAddress(saved, address))) {
      const { fullName: _name, email: _email, ...toSave } = address;
      // Saving is a convenience: if it is refused (e.g. the account is full) the order still goes ahead.
      await addAddress
        .mutateAsync(toSave)
        .then(() => utils.user.profile.invalidate())
        .catch((error: unknown) => {
          const reason = serverMessageOf(error) ?? t`please try again from My Account.`;
          showNotice(t`Your address was not saved: ${reason}`);
        });
    }
    let placed: PlacedOrder;
    try {
      // A code the summary shows as not applying (used up, or smaller than the ₹150) is not sent.
      placed = await place.mutateAsync({
        address,
        ...(preview.data?.promoApplied ? { promoCode: preview.data.promoApplied } : {}),
        ...whatsappInput(whatsapp, whatsappPrefill),
      });
    } catch (error) {
      const message = serverMessageOf(error);
      if (message) setProblem(message);
      window.alert(placementFailed);
      void preview.refetch();
      return;
    }
    if (preview.data?.paymentMode === "razorpay") {
      openRazorpayCheckout(placed, SHOP_NAME, prefill, (result) => void settle(placed, result)).catch(() => {
        window.alert(placementFailed);
        abandon.mutate({ orderId: placed.orderId });
      });
    } else {
      setPaying(placed);
    }
  }

  async function settle(placed: PlacedOrder, result: PaymentResult) {
    if (result.kind !== "dismissed") setLeaving(true);
    setPaying(null);
    if (result.kind === "dismissed") {
      // Closing the window without paying gives back the month's discount for the next attempt.
      await abandon.mutateAsync({ orderId: placed.orderId }).catch(() => undefined);
      await preview.refetch();
      return;
    }
    if (result.kind === "failed") {
      void navigate(`/verify?${new URLSearchParams({ success: "false", reason: "declined" })}`);
      return;
    }
    // Paid at the provider but not confirmed here: the reconciler settles it with the provider, so the page says so
    // and shows the references the customer may quote.
    const unverified = `/verify?${new URLSearchParams({ success: "false", reason: "unverified", orderId: placed.orderId, paymentId: result.response.razorpay_payment_id })}`;
    try {
      const verified = await verify.mutateAsync(result.response);
      if (!verified.success || !verified.orderId) {
        void navigate(unverified);
        void utils.invalidate();
        return;
      }
      const query = new URLSearchParams({
        success: "true",
        orderId: verified.orderId,
        name: address.fullName,
        discount: String(Boolean(verified.discountApplied)),
        orderCount: String(verified.orderCount ?? 0),
      });
      void navigate(`/verify?${query}`);
      // The paid order emptied the server cart: every cached view of it is stale now.
      void utils.invalidate();
    } catch {
      void navigate(unverified);
      // The webhook or the reconciler may pay it any moment: what the page shows next is read again.
      void utils.invalidate();
    }
  }

  return (
    <div className="container section checkout">
      <h1 className="sr-only">
        <Trans>Checkout</Trans>
      </h1>
      <form className="checkout-grid" onSubmit={(event) => void submit(event)}>
        <DeliveryForm
          value={address}
          onChange={setAddress}
          savedAddresses={profile.data?.addresses ?? []}
          saveNew={saveNewAddress}
          onSaveNewChange={setSaveNewAddress}
        />
        <div className="checkout-side">
          <OrderSummary preview={preview.data} />
          {currentPromo.isSuccess && <OrderPromo promoCode={promoCode} />}
          <WhatsappOptIn mode={preview.data.whatsappMode} value={whatsapp} prefill={whatsappPrefill} onChange={setWhatsapp} />
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="button button-primary checkout-pay" disabled={busy || blocked}>
            {placing ? t`Placing order...` : leaving ? t`Confirming payment...` : t`Proceed to payment`}
          </button>
        </div>
      </form>
      {paying && (
        <Suspense
          fallback={
            <p className="container">
              <Trans>Opening the payment window...</Trans>
            </p>
          }
        >
          <SandboxCheckout placed={paying} shopName={SHOP_NAME} prefill={prefill} onResult={(result) => void settle(paying, result)} />
        </Suspense>
      )}
    </div>
  );
}
