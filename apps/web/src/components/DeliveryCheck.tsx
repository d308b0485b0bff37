import { useState, type FormEvent } from "react";
import type { DeliveryQuote } from "@mithai/schema/kitchen";
import { formatRupees } from "@mithai/schema/money";
import { serverMessageOf } from "../lib/errors";
import { trpc } from "../lib/trpc";

const day = (iso: string) => new Date(`${iso}T00:00:00`).toLocaleDateString("en-IN", { weekday: "short", day: "numeric", month: "short" });

/** What a quote means for the customer, in one sentence. */
export function quoteSentence(quote: DeliveryQuote): string {
  if (!quote.serviceable || !quote.etaFrom || !quote.etaTo) return "Sorry, we do not deliver to this PIN code yet.";
  const cost = quote.charge === 0 ? "Free delivery" : `Delivery ${formatRupees(quote.charge)}`;
  return `${cost}, arrives ${day(quote.etaFrom)} – ${day(quote.etaTo)}.`;
}

/** "Check delivery": whether the kitchen delivers to a PIN code, for how much (for `subtotal` rupees) and when. */
export function DeliveryCheck({ subtotal }: { subtotal: number }) {
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
    } catch (error) {
      setAnswer({ ok: false, text: serverMessageOf(error) ?? "We could not check this PIN code. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="delivery-check" onSubmit={(event) => void check(event)}>
      <label htmlFor="delivery-pincode">Check delivery</label>
      <div className="cart-promo-row">
        <input
          id="delivery-pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="6-digit PIN code"
          value={pincode}
          onChange={(event) => setPincode(event.target.value.replace(/\D/g, ""))}
        />
        <button type="submit" className="button button-secondary" disabled={busy || pincode.length !== 6}>
          Check
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
