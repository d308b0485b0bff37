import { useState, type FormEvent } from "react";
import type { PromoApplyAnswer } from "@mithai/schema/kitchen";
import { serverMessageOf } from "../lib/errors";
import { openLoginPopup } from "../lib/login-popup";
import { setRedirectAfterLogin } from "../lib/redirect-after-login";
import { trpc } from "../lib/trpc";

/**
 * The cart's promo box: applies a code to the signed-in customer's cart and says what it takes off, or why it
 * cannot be used. A guest is asked to sign in first (codes are per customer).
 */
export function PromoBox({ isSignedIn, applied, onApplied }: { isSignedIn: boolean; applied: PromoApplyAnswer | null; onApplied: (answer: PromoApplyAnswer | null) => void }) {
  const applyCode = trpc.promo.apply.useMutation();
  const [code, setCode] = useState(applied?.code ?? "");
  const [refusal, setRefusal] = useState("");
  const [busy, setBusy] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    setRefusal("");
    if (!isSignedIn) {
      setRedirectAfterLogin("/cart");
      setRefusal("Please sign in to use a promo code.");
      openLoginPopup("Login");
      return;
    }
    if (!code.trim()) {
      setRefusal("Type a promo code first.");
      return;
    }
    setBusy(true);
    try {
      onApplied(await applyCode.mutateAsync({ code }));
    } catch (error) {
      onApplied(null);
      setRefusal(serverMessageOf(error) ?? "We could not check this code. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="cart-promo" onSubmit={(event) => void apply(event)}>
      <label htmlFor="promocode">If you have a promo code, enter it here</label>
      <div className="cart-promo-row">
        <input id="promocode" name="promocode" type="text" placeholder="Promo code" autoComplete="off" value={code} onChange={(event) => setCode(event.target.value)} />
        <button type="submit" className="button button-secondary" disabled={busy}>
          Submit
        </button>
      </div>
      {applied && (
        <p role="status" className="delivery-ok">
          {applied.message}{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              onApplied(null);
              setCode("");
            }}
          >
            Remove
          </button>
        </p>
      )}
      {refusal && (
        <p role="alert" className="form-error">
          {refusal}
        </p>
      )}
    </form>
  );
}
