import type { Language } from "@mithai/schema";
import type { ApiConfig } from "../context";
import { escapeHtml } from "./html";
import type { MailMessage } from "./mailer";
import { MAIL_STRINGS } from "./strings";

/** What a shop mail says; `shopMail` lays it out once, as HTML and as plain text, for every kind of mail. */
export interface MailContent {
  to: string;
  /** The customer's language (the account's `language`): the greeting's and the page's. */
  language: Language;
  subject: string;
  /** "Namaste {name}," in the mail's language (omitted when null). */
  greeting: string | null;
  /** Paragraphs of plain text (escaped for HTML here). */
  paragraphs: string[];
  /** A table after the first paragraph: each row as cells (HTML) and as one line (text). */
  table?: { cells: string[]; text: string }[];
  /** Lines shown together (totals, an address), after the table. */
  facts?: string[];
  /** The mail's main link, as a button. */
  action?: { label: string; href: string };
  /** Small print after the button. */
  footnotes?: string[];
}

/** One layout for the receipt, status, cancellation, refund and reset mails, in every language: the shop's name, the text, a button. */
export function shopMail(config: Pick<ApiConfig, "shopName">, content: MailContent): MailMessage {
  const { shopName } = config;
  const greeting = content.greeting === null ? null : MAIL_STRINGS[content.language].greeting(content.greeting);
  const [first = "", ...rest] = content.paragraphs;
  const text = [
    ...(greeting === null ? [] : [greeting, ""]),
    first,
    ...(content.table ? ["", ...content.table.map((row) => row.text)] : []),
    ...(content.facts ? ["", ...content.facts] : []),
    ...rest.flatMap((paragraph) => ["", paragraph]),
    ...(content.action ? ["", `${content.action.label}: ${content.action.href}`] : []),
    ...(content.footnotes ?? []).flatMap((note) => ["", note]),
    "",
    `— ${shopName}`,
  ].join("\n");
  const p = (body: string, style = "") => `<p style="margin:0 0 14px${style}">${body}</p>`;
  const html = `<!doctype html>
<html lang="${content.language}">
<body style="margin:0;padding:24px;background:#fffaf2;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#2b1d16">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #ead9c6;border-radius:14px;padding:28px">
    <h1 style="margin:0 0 16px;font-family:Georgia,serif;color:#7a1f2b;font-size:24px">${escapeHtml(shopName)}</h1>
${[
  ...(greeting === null ? [] : [p(escapeHtml(greeting))]),
  p(escapeHtml(first)),
  ...(content.table
    ? [`<table style="border-collapse:collapse;margin:0 0 14px">${content.table.map((row) => `<tr>${row.cells.map((cell) => `<td style="padding:4px 12px 4px 0">${escapeHtml(cell)}</td>`).join("")}</tr>`).join("")}</table>`]
    : []),
  ...(content.facts ? [p(content.facts.map(escapeHtml).join("<br>"))] : []),
  ...rest.map((paragraph) => p(escapeHtml(paragraph))),
  ...(content.action
    ? [
        `<p style="margin:24px 0"><a href="${escapeHtml(content.action.href)}" style="background:#7a1f2b;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>`,
      ]
    : []),
  ...(content.footnotes ?? []).map((note) => p(escapeHtml(note), ";font-size:14px;color:#5e4a3e")),
  p(`— ${escapeHtml(shopName)}`),
]
  .map((line) => `    ${line}`)
  .join("\n")}
  </div>
</body>
</html>`;
  return { to: content.to, subject: content.subject, html, text };
}
