import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { mobileHint, mobileProblem, pincodeProblem } from "../lib/field-checks";
import { type Address, DEFAULT_COUNTRY, MAX_SAVED_ADDRESSES, sameAddress } from "@mithai/schema";
import type { DeliveryAddressInput } from "@mithai/schema";
import { Field } from "../components/Field";

export const emptyAddress: DeliveryAddressInput = { fullName: "", email: "", street: "", city: "", state: "", pincode: "", country: DEFAULT_COUNTRY, mobile: "" };

const fields = (): { name: keyof DeliveryAddressInput; label: string; type?: string; autoComplete: string; inputMode?: "numeric"; check?: (value: string) => string | null; hint?: string }[] => [
  { name: "fullName", label: t`Full name`, autoComplete: "name" },
  { name: "email", label: t`Email`, type: "email", autoComplete: "email" },
  { name: "street", label: t`Street address`, autoComplete: "street-address" },
  { name: "city", label: t`City`, autoComplete: "address-level2" },
  { name: "state", label: t`State`, autoComplete: "address-level1" },
  { name: "pincode", label: t`Pincode`, autoComplete: "postal-code", inputMode: "numeric", check: pincodeProblem, hint: t`6 digits, not starting with 0.` },
  { name: "country", label: t`Country`, autoComplete: "country-name" },
  { name: "mobile", label: t`Mobile`, type: "tel", autoComplete: "tel", check: mobileProblem, hint: mobileHint() },
];

/** A saved address in the delivery form's shape (who receives it stays as typed). */
export function withSavedAddress(value: DeliveryAddressInput, saved: Address): DeliveryAddressInput {
  return { ...value, street: saved.street, city: saved.city, state: saved.state, pincode: saved.pincode, country: saved.country, mobile: saved.mobile };
}

/**
 * The delivery address fields (all required), with the customer's saved addresses to choose from (the one their
 * last order went to chosen first) or a new one, which can be saved to the account on the way.
 */
export function DeliveryForm({
  value,
  onChange,
  savedAddresses,
  saveNew,
  onSaveNewChange,
}: {
  value: DeliveryAddressInput;
  onChange: (next: DeliveryAddressInput) => void;
  savedAddresses: Address[];
  saveNew: boolean;
  onSaveNewChange: (save: boolean) => void;
}) {
  const { t } = useLingui();
  const chosen = savedAddresses.find((saved) => sameAddress(saved, value));
  return (
    <fieldset className="delivery-form">
      <legend className="section-title">
        <Trans>Delivery information</Trans>
      </legend>
      {savedAddresses.length > 0 && (
        <div className="saved-addresses" role="radiogroup" aria-label={t`Deliver to`}>
          <p className="note">
            <Trans>Deliver to:</Trans>
          </p>
          <ul>
            {savedAddresses.map((saved) => (
              <li key={saved._id}>
                <label className={`saved-address${chosen === saved ? " is-chosen" : ""}`}>
                  <input type="radio" name="saved-address" checked={chosen === saved} onChange={() => onChange(withSavedAddress(value, saved))} />
                  <span>
                    {saved.street}, {saved.city}, {saved.state} {saved.pincode} · {saved.mobile}
                  </span>
                </label>
              </li>
            ))}
            <li>
              <label className={`saved-address${chosen ? "" : " is-chosen"}`}>
                <input
                  type="radio"
                  name="saved-address"
                  checked={!chosen}
                  onChange={() => onChange({ ...value, street: "", city: "", state: "", pincode: "", country: DEFAULT_COUNTRY })}
                />
                <span>
                  <Trans>A new address</Trans>
                </span>
              </label>
            </li>
          </ul>
        </div>
      )}
      <div className="delivery-grid">
        {fields().map((field) => (
          <Field
            key={field.name}
            label={field.label}
            hint={field.hint}
            name={field.name}
            type={field.type ?? "text"}
            autoComplete={field.autoComplete}
            inputMode={field.inputMode}
            check={field.check}
            required
            value={value[field.name]}
            onChange={(event) => onChange({ ...value, [field.name]: event.target.value })}
          />
        ))}
      </div>
      {!chosen && savedAddresses.length < MAX_SAVED_ADDRESSES && (
        <label className="checkbox">
          <input type="checkbox" name="save-address" checked={saveNew} onChange={(event) => onSaveNewChange(event.target.checked)} />
          <span>
            <Trans>Save this address to my account for next time</Trans>
          </span>
        </label>
      )}
    </fieldset>
  );
}
