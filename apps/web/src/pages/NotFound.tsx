import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useDocumentTitle } from "../lib/use-document-title";

export function NotFound() {
  const { t } = useLingui();
  useDocumentTitle(t`Not found`);
  return (
    <section className="container section narrow center">
      <h1>
        <Trans>We couldn't find that sweet</Trans>
      </h1>
      <p className="muted">
        <Trans>It may have sold out for the season or the link may be mistyped.</Trans>
      </p>
      <Link className="button button-primary" to="/">
        <Trans>Back to the menu</Trans>
      </Link>
    </section>
  );
}
