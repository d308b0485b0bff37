import { Trans, useLingui } from "@lingui/react/macro";
import { SANDBOX_WHATSAPP_PATH, type WhatsappMode } from "@mithai/schema";
import { Field } from "../components/Field";
import { mobileHint, mobileProblem } from "../lib/field-checks";

/** The customer's choice: updates on WhatsApp or not, and the number typed (null: the prefilled one). */
export interface WhatsappChoice {
  on: boolean;
  mobile: string | null;
}

export const NO_WHATSAPP: WhatsappChoice = { on: false, mobile: null };

/** What `place` takes for the choice: the opt-in and its number, or nothing. */
export function whatsappInput(choice: WhatsappChoice, prefill: string): { notifyWhatsapp?: true; whatsappMobile?: string } {
  return choice.on ? { notifyWhatsapp: true, whatsappMobile: choice.mobile ?? prefill } : {};
}

/**
 * The order page's opt-in to order updates on WhatsApp (DECISIONS "The shopper's next step"), its number prefilled
 * with the customer's own mobile (else the delivery mobile). Not shown when the shop sends none.
 */
export function WhatsappOptIn({ mode, value, prefill, onChange }: { mode: WhatsappMode; value: WhatsappChoice; prefill: string; onChange: (next: WhatsappChoice) => void }) {
  const { t } = useLingui();
  if (mode === "off") return null;
  return (
    <div className="whatsapp-opt-in">
      <label className="checkbox">
        <input type="checkbox" name="notify-whatsapp" checked={value.on} onChange={(event) => onChange({ ...value, on: event.target.checked })} />
        <span>
          <Trans>Send me order updates on WhatsApp</Trans>
          <span className="note whatsapp-opt-in-what">
            <Trans>Payment receipt, out for delivery, delivered, and any cancellation or refund. Mails keep coming too.</Trans>
          </span>
        </span>
      </label>
      {value.on && (
        <Field
          label={t`WhatsApp number`}
          name="whatsapp-mobile"
          type="tel"
          autoComplete="tel"
          check={mobileProblem}
          hint={mobileHint()}
          required
          value={value.mobile ?? prefill}
          onChange={(event) => onChange({ ...value, mobile: event.target.value })}
        />
      )}
      {value.on && mode === "sandbox" && (
        <p className="note whatsapp-sandbox-note">
          <Trans>
            Sandbox: nothing is sent to WhatsApp; the messages appear on the{" "}
            <a href={SANDBOX_WHATSAPP_PATH} target="_blank" rel="noreferrer">
              WhatsApp sandbox page
            </a>
            .
          </Trans>
        </p>
      )}
    </div>
  );
}
