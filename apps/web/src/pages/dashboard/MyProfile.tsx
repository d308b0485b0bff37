import { useState, type FormEvent } from "react";
import { mobileProblem } from "@mithai/schema/account";
import { Field } from "../../components/Field";
import { serverMessageOf } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { AccountSecurity } from "./AccountSecurity";
import { formText } from "../../lib/form";
import { OutcomeMessage, SubmitButton, type Outcome } from "../../components/FormStatus";

export function MyProfile() {
  const utils = trpc.useUtils();
  const profile = trpc.user.profile.useQuery();
  const update = trpc.user.updateProfile.useMutation();
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (profile.isPending) return <p role="status">Loading profile...</p>;
  if (profile.isError) return <p role="alert">We could not load your profile. Please try again.</p>;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const form = new FormData(event.currentTarget);
    try {
      const saved = await update.mutateAsync({ name: formText(form, "name"), phoneNumber: formText(form, "phoneNumber") });
      utils.user.profile.setData(undefined, saved);
      setEditing(false);
      setOutcome({ ok: true, message: "Profile saved." });
    } catch (cause) {
      setOutcome({ ok: false, message: serverMessageOf(cause) ?? "We could not save your profile. Please try again." });
    }
  }

  const { name, email, role, phoneNumber } = profile.data;
  return (
    <>
      <h2>My Profile</h2>
      {editing ? (
        <form className="address-form" onSubmit={(event) => void save(event)} aria-label="Edit profile">
          <Field label="Name" name="name" required maxLength={100} defaultValue={name} autoComplete="name" />
          <Field
            label="Phone number"
            name="phoneNumber"
            type="tel"
            maxLength={20}
            defaultValue={phoneNumber ?? ""}
            autoComplete="tel"
            check={mobileProblem}
            hint="10 digits, optionally with +91. Leave empty to remove it."
          />
          <div className="form-actions">
            <SubmitButton className="button button-primary" busy={update.isPending} busyLabel="Saving...">
              Save profile
            </SubmitButton>
            <button type="button" className="button button-secondary" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <dl className="profile-facts">
            <div>
              <dt>Name</dt>
              <dd>{name}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{email}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>{role}</dd>
            </div>
            <div>
              <dt>Phone number</dt>
              <dd>{phoneNumber ?? "Not added"}</dd>
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
            Edit profile
          </button>
        </>
      )}
      <OutcomeMessage outcome={outcome} />
      <AccountSecurity />
    </>
  );
}
