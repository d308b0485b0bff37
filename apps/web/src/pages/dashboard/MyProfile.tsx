import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { mobileHint, mobileProblem } from "../../lib/field-checks";
import { Field } from "../../components/Field";
import { serverMessageOf } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { AccountSecurity } from "./AccountSecurity";
import { formText } from "../../lib/form";
import { OutcomeMessage, SubmitButton, type Outcome } from "../../components/FormStatus";

export function MyProfile() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const profile = trpc.user.profile.useQuery();
  const update = trpc.user.updateProfile.useMutation();
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (profile.isPending)
    return (
      <p role="status">
        <Trans>Loading profile...</Trans>
      </p>
    );
  if (profile.isError)
    return (
      <p role="alert">
        <Trans>We could not load your profile. Please try again.</Trans>
      </p>
    );

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const form = new FormData(event.currentTarget);
    try {
      const saved = await update.mutateAsync({ name: formText(form, "name"), phoneNumber: formText(form, "phoneNumber") });
      utils.user.profile.setData(undefined, saved);
      setEditing(false);
      setOutcome({ ok: true, message: t`Profile saved.` });
    } catch (cause) {
      setOutcome({ ok: false, message: serverMessageOf(cause) ?? t`We could not save your profile. Please try again.` });
    }
  }

  const { name, email, phoneNumber } = profile.data;
  return (
    <>
      <h2>
        <Trans>My Profile</Trans>
      </h2>
      {editing ? (
        <form className="address-form" onSubmit={(event) => void save(event)} aria-label={t`Edit profile`}>
          <Field label={t`Name`} name="name" required maxLength={100} defaultValue={name} autoComplete="name" />
          <Field
            label={t`Phone number`}
            name="phoneNumber"
            type="tel"
            maxLength={20}
            defaultValue={phoneNumber ?? ""}
            autoComplete="tel"
            check={mobileProblem}
            hint={`${mobileHint()} ${t`Leave empty to remove it.`}`}
          />
          <div className="form-actions">
            <SubmitButton className="button button-primary" busy={update.isPending} busyLabel={t`Saving...`}>
              <Trans>Save profile</Trans>
            </SubmitButton>
            <button type="button" className="button button-secondary" onClick={() => setEditing(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <>
          <dl className="profile-facts">
            <div>
              <dt>
                <Trans>Name</Trans>
              </dt>
              <dd>{name}</dd>
            </div>
            <div>
              <dt>
                <Trans>Email</Trans>
              </dt>
              <dd>{email}</dd>
            </div>
            <div>
              <dt>
                <Trans>Phone number</Trans>
              </dt>
              <dd>{phoneNumber ?? t`Not added`}</dd>
            </div>
          </dl>
          <button
            type="button"
            className="button button-secondary profile-edit"
            onClick={() => {
              setOutcome(null);
              setEditing(true);
            }}
          >
            <Trans>Edit profile</Trans>
          </button>
        </>
      )}
      <OutcomeMessage outcome={outcome} />
      <AccountSecurity />
    </>
  );
}
