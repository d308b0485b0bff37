import type { Language } from "@mithai/schema";
import { shopMail } from "../mail/layout";
import type { MailMessage } from "../mail/mailer";
import { MAIL_STRINGS } from "../mail/strings";

/** The password reset e-mail, in the shop's one mail layout (HTML and plain text) and the account's language. */
export function passwordResetMail(options: { to: string; name: string; shopName: string; link: string; validMinutes: number; language?: Language }): MailMessage {
  const { to, name, shopName, link, validMinutes, language = "en" } = options;
  const s = MAIL_STRINGS[language].reset;
  return shopMail(
    { shopName },
    {
      to,
      language,
      subject: s.subject(shopName),
      greeting: name,
      paragraphs: [s.request(shopName, validMinutes)],
      action: { label: s.action, href: link },
      footnotes: [s.pasteLink(link), s.ignore],
    },
  );
}
