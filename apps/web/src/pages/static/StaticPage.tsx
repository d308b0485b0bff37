import type { ReactNode } from "react";
import type { StaticPage as StaticPageInfo } from "@mithai/schema/pages";
import { useDocumentTitle } from "../../lib/use-document-title";

/** The frame of a policy or help page: its title (also the document title), a lead and the text. */
export function StaticPage({ page, lead, children }: { page: StaticPageInfo; lead: string; children: ReactNode }) {
  useDocumentTitle(page.title, page.description);
  return (
    <article className="container section static-page">
      <h1>{page.title}</h1>
      <p className="static-lead">{lead}</p>
      {children}
    </article>
  );
}
