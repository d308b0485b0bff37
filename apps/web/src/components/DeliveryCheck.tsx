import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import type { DeliveryQuote } from "@mithai/schema";
import { formatCalendarDay, formatRupees } from "../lib/format";
import { serverMessageOf } from "../lib/errors";
import { trpc } from "../lib/trpc";

/** What a quote means for the customer, in one sentence. */
export function quoteSentence(quote: DeliveryQuote): string {
  if (!quote.serviceable || !quote.etaFrom || !quote.etaTo) return t`Sorry, we do not deliver to this PIN code yet.`;
  const from = formatCalendarDay(quote.etaFrom);
  const to = formatCalendarDay(quote.etaTo);
  if (quote.charge === 0) return t`Free delivery, arrives ${from} – ${to}.`;
  const charge = formatRupees(quote.charge);
  return t`Delivery ${charge}, arrives ${from} – ${to}.`;
}

/** "Check delivery": whether the kitchen delivers to a PIN code, for how much (for `subtotal` rupees) and when. */
export function DeliveryCheck({ subtotal, onChecked }: { subtotal: number; onChecked?: (pincode: string) => void }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [pincode, setPincode] = useState("");
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const quote = await utils.delivery.quote.fetch({ pincode, subtotal }, { retry: false });
      setAnswer({ ok: quote.serviceable, text: quoteSentence(quote) });
      onChecked?.(pincode);
    } catch (error) {
      setAnswer({ ok: false, text: serverMessageOf(error) ?? t`We could not check this PIN code. Please try again.` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="delivery-check" onSubmit={(event) => void check(event)}>
      <label htmlFor="delivery-pincode"><Trans>Check delivery</Trans></label>
      <div className="cart-promo-row">
        <input
          id="delivery-pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder={t`6-digit PIN code`}
          value={pincode}
          onChange={(event) => setPincode(event.target.value.replace(/\D/g, ""))}
        />
        <button type="submit" className="button button-secondary" disabled={busy || pincode.length !== 6}>
          <Trans>Check</Trans>
        </button>
      </div>
      {answer && (
        <p role="status" className={answer.ok ? "delivery-ok" : "form-error"}>
          {answer.text}
        </p>
      )}
    </form>
  );
}
