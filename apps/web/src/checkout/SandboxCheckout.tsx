import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { paiseToRupees, withoutSeparators } from "@mithai/schema";
import { formatRupees } from "../lib/format";
import type { PlacedOrder } from "@mithai/schema";
import { SubmitButton } from "../components/FormStatus";
import type { PaymentPrefill, PaymentResult, PaymentSuccess } from "./payment-window";
import "./sandbox-checkout.css";

type Method = "upi" | "card";

interface PayAnswer {
  status: "captured" | "failed";
  response?: PaymentSuccess;
}

async function payAtSandbox(placed: PlacedOrder, method: Method, outcome: "success" | "failure"): Promise<PayAnswer> {
  const res = await fetch("/sandbox/razorpay/checkout/pay", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key: placed.key, order_id: placed.razorpayOrderId, method, outcome }),
  });
  if (!res.ok) throw new Error(`sandbox payment answered ${res.status}`);
  return (await res.json()) as PayAnswer;
}

/**
 * sandbox mode's stand-in for Razorpay's checkout: same flow (pay by UPI or card, fail, or close the window)
 * against the shop's fake gateway, clearly marked as test mode. No real money moves.
 */
export default function SandboxCheckout({
  placed,
  shopName,
  prefill,
  onResult,
}: {
  placed: PlacedOrder;
  shopName: string;
  prefill: PaymentPrefill;
  onResult: (result: PaymentResult) => void;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const [method, setMethod] = useState<Method>("upi");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  async function pay(outcome: "success" | "failure") {
    setBusy(true);
    setError("");
    try {
      const answer = await payAtSandbox(placed, method, outcome);
      onResult(answer.status === "captured" && answer.response ? { kind: "paid", response: answer.response } : { kind: "failed" });
    } catch {
      setError(t`The test payment could not be processed. Please try again.`);
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void pay("success");
  }

  const amount = formatRupees(paiseToRupees(placed.amount));
  return (
    <dialog
      ref={dialog}
      className="rzp-sandbox"
      aria-labelledby="rzp-sandbox-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onResult({ kind: "dismissed" });
      }}
    >
      <div className="rzp-header">
        <div>
          <h2 id="rzp-sandbox-title" className="rzp-merchant">
            {shopName}
          </h2>
          <p className="rzp-amount">{amount}</p>
        </div>
        <span className="rzp-test-badge">
          <Trans>Test mode</Trans>
        </span>
        <button type="button" className="rzp-close" aria-label={t`Close payment window`} disabled={busy} onClick={() => onResult({ kind: "dismissed" })}>
          ×
        </button>
      </div>
      <p className="rzp-test-note">
        <Trans>Sandbox payment: no real money is charged.</Trans>
      </p>
      <p className="rzp-contact">
        {prefill.email}
        {prefill.contact ? ` · +91 ${withoutSeparators(prefill.contact).slice(-10)}` : ""}
      </p>
      <form className="rzp-body" onSubmit={submit}>
        <fieldset className="rzp-methods">
          <legend>
            <Trans>Payment method</Trans>
          </legend>
          {(["upi", "card"] as const).map((option) => (
            <label key={option} className={`rzp-method${method === option ? " is-selected" : ""}`}>
              <input type="radio" name="method" value={option} checked={method === option} onChange={() => setMethod(option)} />
              {option === "upi" ? "UPI" : t`Card`}
            </label>
          ))}
        </fieldset>
        {method === "upi" ? (
          <label className="rzp-field">
            <Trans>UPI ID</Trans>
            <input name="vpa" defaultValue="success@razorpay" autoComplete="off" required />
          </label>
        ) : (
          <div className="rzp-card-fields">
            <label className="rzp-field">
              <Trans>Card number</Trans>
              <input name="card" defaultValue="4111 1111 1111 1111" inputMode="numeric" autoComplete="off" required />
            </label>
            <label className="rzp-field">
              <Trans>Expiry</Trans>
              <input name="expiry" defaultValue="12/30" autoComplete="off" required />
            </label>
            <label className="rzp-field">
              <Trans>CVV</Trans>
              <input name="cvv" defaultValue="123" inputMode="numeric" autoComplete="off" required />
            </label>
          </div>
        )}
        {error && (
          <p className="rzp-error" role="alert">
            {error}
          </p>
        )}
        <SubmitButton className="rzp-pay" busy={busy} busyLabel={t`Processing...`}>
          {t`Pay ${amount}`}
        </SubmitButton>
        <button type="button" className="rzp-fail" disabled={busy} onClick={() => void pay("failure")}>
          <Trans>Simulate a failed payment</Trans>
        </button>
      </form>
      <p className="rzp-footer">
        <Trans>Secured by Razorpay (sandbox)</Trans>
      </p>
    </dialog>
  );
}
