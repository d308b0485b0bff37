import { Trans, useLingui } from "@lingui/react/macro";
import { promoAppliedSentence } from "../lib/promo";
import { useState, type FormEvent } from "react";
import type { PromoApplyAnswer } from "@mithai/schema";
import { serverMessageOf } from "../lib/errors";
import { openLoginPopup } from "../lib/login-popup";
import { setRedirectAfterLogin } from "../lib/redirect-after-login";
import { trpc } from "../lib/trpc";

/**
 * The cart's promo box: applies a code to the signed-in customer's cart and says what it takes off, or why it
 * cannot be used. A guest is asked to sign in first (codes are per customer).
 */
export function PromoBox({ isSignedIn, applied, onApplied }: { isSignedIn: boolean; applied: PromoApplyAnswer | null; onApplied: (answer: PromoApplyAnswer | null) => void }) {
  const { t } = useLingui();
  const applyCode = trpc.promo.apply.useMutation();
  const [code, setCode] = useState(applied?.code ?? "");
  const [refusal, setRefusal] = useState("");
  const [busy, setBusy] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    setRefusal("");
    if (!isSignedIn) {
      setRedirectAfterLogin("/cart");
      setRefusal(t`Please sign in to use a promo code.`);
      openLoginPopup("Login");
      return;
    }
    if (!code.trim()) {
      setRefusal(t`Type a promo code first.`);
      return;
    }
    setBusy(true);
    try {
      onApplied(await applyCode.mutateAsync({ code }));
    } catch (error) {
      // A code that cannot be used changes nothing: the one already applied (kept with the cart) stays.
      const why = serverMessageOf(error) ?? t`We could not check this code. Please try again.`;
      setRefusal(applied ? t`${why} ${applied.code} is still applied.` : why);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="cart-promo" onSubmit={(event) => void apply(event)}>
      <label htmlFor="promocode"><Trans>If you have a promo code, enter it here</Trans></label>
      <div className="cart-promo-row">
        <input id="promocode" name="promocode" type="text" placeholder={t`Promo code`} autoComplete="off" value={code} onChange={(event) => setCode(event.target.value)} />
        <button type="submit" className="button button-secondary" disabled={busy}>
          <Trans>Submit</Trans>
        </button>
      </div>
      {applied && (
        <p role="status" className="delivery-ok">
          {promoAppliedSentence(applied)}{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              onApplied(null);
              setCode("");
            }}
          >
            <Trans>Remove</Trans>
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
