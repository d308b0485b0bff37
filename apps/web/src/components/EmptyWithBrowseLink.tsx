import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";

/** An empty list (cart, orders) and the way back to the menu. */
export function EmptyWithBrowseLink({ message, className, buttonClassName }: { message: string; className: string; buttonClassName: string }) {
  return (
    <div className={className}>
      <p>{message}</p>
      <Link to="/" className={buttonClassName}>
        <Trans>Browse sweets</Trans>
      </Link>
    </div>
  );
}
