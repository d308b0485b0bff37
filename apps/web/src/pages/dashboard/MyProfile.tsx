import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { AccountSecurity } from "./AccountSecurity";

export function MyProfile() {
  const trpc = useTRPC();
  const profile = useQuery(trpc.user.profile.queryOptions());

  if (profile.isPending) return <p role="status">Loading profile...</p>;
  if (profile.isError) return <p role="alert">We could not load your profile. Please try again.</p>;

  const { name, email, role, phoneNumber } = profile.data;
  return (
    <>
      <h2>My Profile</h2>
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
      <AccountSecurity />
    </>
  );
}
