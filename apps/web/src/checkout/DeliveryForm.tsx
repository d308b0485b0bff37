import { DEFAULT_COUNTRY, mobileProblem, pincodeProblem, type Address } from "@mithai/schema/account";
import type { DeliveryAddressInput } from "@mithai/schema/order";
import { Field } from "../components/Field";

export const emptyAddress: DeliveryAddressInput = { fullName: "", email: "", street: "", city: "", state: "", pincode: "", country: DEFAULT_COUNTRY, mobile: "" };

const FIELDS: { name: keyof DeliveryAddressInput; label: string; type?: string; autoComplete: string; inputMode?: "numeric"; check?: (value: string) => string | null; hint?: string }[] = [
  { name: "fullName", label: "Full name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "street", label: "Street address", autoComplete: "street-address" },
  { name: "city", label: "City", autoComplete: "address-level2" },
  { name: "state", label: "State", autoComplete: "address-level1" },
  { name: "pincode", label: "Pincode", autoComplete: "postal-code", inputMode: "numeric", check: pincodeProblem, hint: "6 digits, not starting with 0." },
  { name: "country", label: "Country", autoComplete: "country-name" },
  { name: "mobile", label: "Mobile", type: "tel", autoComplete: "tel", check: mobileProblem, hint: "10 digits; +91 and spaces are fine." },
];

/** The delivery address fields (all required) and the customer's saved addresses to pick from. */
export function DeliveryForm({
  value,
  onChange,
  savedAddresses,
}: {
  value: DeliveryAddressInput;
  onChange: (next: DeliveryAddressInput) => void;
  savedAddresses: Address[];
}) {
  return (
    <fieldset className="delivery-form">
      <legend className="section-title">Delivery information</legend>
      {savedAddresses.length > 0 && (
        <div className="saved-addresses">
          <p className="note">Deliver to a saved address:</p>
          <ul>
            {savedAddresses.map((saved) => (
              <li key={saved._id}>
                <button
                  type="button"
                  className="saved-address"
                  onClick={() => onChange({ ...value, street: saved.street, city: saved.city, state: saved.state, pincode: saved.pincode, country: saved.country, mobile: saved.mobile })}
                >
                  {saved.street}, {saved.city}, {saved.state} {saved.pincode}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="delivery-grid">
        {FIELDS.map((field) => (
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
    </fieldset>
  );
}
