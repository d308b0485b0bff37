import type { ReactNode } from "react";
import type { STATIC_PAGES } from "@mithai/schema";
import { staticPageText } from "../../lib/static-pages";
import { useDocumentTitle } from "../../lib/use-document-title";

/** The frame of a policy or help page: its title (also the document title), a lead and the text. */
export function StaticPage({ page, lead, children }: { page: keyof typeof STATIC_PAGES; lead: string; children: ReactNode }) {
  const { title, description } = staticPageText(page);
  useDocumentTitle(title, description);
  return (
    <article className="container section static-page">
      <h1>{title}</h1>
      <p className="static-lead">{lead}</p>
      {children}
    </article>
  );
}
