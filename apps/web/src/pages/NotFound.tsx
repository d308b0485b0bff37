import { Link } from "react-router";
import { useDocumentTitle } from "../lib/use-document-title";

export function NotFound() {
  useDocumentTitle("Not found");
  return (
    <section className="container section narrow center">
      <h1>We couldn't find that sweet</h1>
      <p className="muted">It may have sold out for the season or the link may be mistyped.</p>
      <Link className="button button-primary" to="/">
        Back to the menu
      </Link>
    </section>
  );
}
