import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { type Address, DEFAULT_COUNTRY, MAX_SAVED_ADDRESSES } from "@mithai/schema";
import { mobileHint, mobileProblem, pincodeProblem } from "../../lib/field-checks";
import { Field } from "../../components/Field";
import { serverMessageOf } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { formText } from "../../lib/form";
import { OutcomeMessage, SubmitButton, type Outcome } from "../../components/FormStatus";

export function ManageAddress() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const profile = trpc.user.profile.useQuery();
  const add = trpc.user.addAddress.useMutation();
  const update = trpc.user.updateAddress.useMutation();
  const remove = trpc.user.deleteAddress.useMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [editingId, setEditingId] = useState<string | null>(null);
  const keep = (addresses: Address[]) => utils.user.profile.setData(undefined, (old) => (old ? { ...old, addresses } : old));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    try {
      keep(await add.mutateAsync(addressFromForm(event.currentTarget)));
      setOutcome({ ok: true, message: t`Address added successfully!` });
      setFormKey((key) => key + 1);
    } catch (cause) {
      setOutcome({ ok: false, message: serverMessageOf(cause) ?? t`Failed to add address` });
    }
  }

  async function saveEdit(id: string, event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    try {
      keep(await update.mutateAsync({ id, ...addressFromForm(event.currentTarget) }));
      setEditingId(null);
      setOutcome({ ok: true, message: t`Address updated.` });
    } catch (cause) {
      setOutcome({ ok: false, message: serverMessageOf(cause) ?? t`Failed to update the address` });
    }
  }

  async function deleteAddress(address: Address) {
    const place = `${address.street}, ${address.city}`;
    if (!window.confirm(t`Delete the address ${place}?`)) return;
    setOutcome(null);
    try {
      keep(await remove.mutateAsync({ id: address._id }));
      setOutcome({ ok: true, message: t`Address deleted.` });
    } catch (cause) {
      setOutcome({ ok: false, message: serverMessageOf(cause) ?? t`Failed to delete the address` });
    }
  }

  if (profile.isPending)
    return (
      <p role="status">
        <Trans>Loading profile...</Trans>
      </p>
    );
  if (profile.isError)
    return (
      <p role="alert">
        <Trans>We could not load your addresses. Please try again.</Trans>
      </p>
    );

  const { addresses } = profile.data;
  const full = addresses.length >= MAX_SAVED_ADDRESSES;
  return (
    <>
      <h2>
        <Trans>Saved addresses</Trans>
      </h2>
      {addresses.length === 0 ? (
        <p className="muted">
          <Trans>No additional addresses saved yet.</Trans>
        </p>
      ) : (
        <ul className="address-list">
          {addresses.map((address) => (
            <li key={address._id} className="address-card" aria-label={`${address.street}, ${address.city}`}>
              {editingId === address._id ? (
                <AddressForm
                  address={address}
                  busy={update.isPending}
                  onSubmit={(event) => void saveEdit(address._id, event)}
                  onCancel={() => setEditingId(null)}
                />
              ) : (
                <>
                  <AddressLines address={address} />
                  <div className="form-actions">
                    <button type="button" className="button button-secondary" onClick={() => setEditingId(address._id)}>
                      <Trans>Edit</Trans>
                    </button>
                    <button type="button" className="button button-secondary" disabled={remove.isPending} onClick={() => void deleteAddress(address)}>
                      <Trans>Delete</Trans>
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}

      <h2 className="dashboard-subheading">
        <Trans>Add a new address</Trans>
      </h2>
      {full ? (
        <p className="muted">
          <Trans>You have saved {MAX_SAVED_ADDRESSES} addresses, the most we keep.</Trans>
        </p>
      ) : (
        <AddressForm key={formKey} busy={add.isPending} onSubmit={submit} />
      )}
      <OutcomeMessage outcome={outcome} />
    </>
  );
}

function AddressLines({ address }: { address: Address }) {
  return (
    <address>
      {address.street}
      <br />
      {address.city}, {address.state} {address.pincode}
      <br />
      {address.country}
      <br />
      <Trans>Mobile: {address.mobile}</Trans>
    </address>
  );
}

function addressFromForm(formElement: HTMLFormElement) {
  const form = new FormData(formElement);
  const field = (name: string) => formText(form, name);
  return { street: field("street"), city: field("city"), state: field("state"), pincode: field("zip"), country: field("country"), mobile: field("mobile") };
}

function AddressForm({
  address,
  busy,
  onSubmit,
  onCancel,
}: {
  address?: Address;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  return (
    <form className="address-form" onSubmit={onSubmit} aria-label={address ? t`Edit address` : t`New address`}>
      <Field label={t`Street`} name="street" required maxLength={300} autoComplete="street-address" defaultValue={address?.street} />
      <Field label={t`City`} name="city" required maxLength={100} autoComplete="address-level2" defaultValue={address?.city} />
      <Field label={t`State`} name="state" required maxLength={100} autoComplete="address-level1" defaultValue={address?.state} />
      <Field label={t`PIN code`} name="zip" required inputMode="numeric" check={pincodeProblem} autoComplete="postal-code" defaultValue={address?.pincode} />
      <Field label={t`Country`} name="country" required maxLength={100} defaultValue={address?.country ?? DEFAULT_COUNTRY} autoComplete="country-name" />
      <Field label={t`Mobile`} name="mobile" required type="tel" check={mobileProblem} autoComplete="tel" defaultValue={address?.mobile} hint={mobileHint()} />
      <div className="form-actions">
        <SubmitButton className="button button-primary" busy={busy} busyLabel={t`Saving...`}>
          <Trans>Save address</Trans>
        </SubmitButton>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
