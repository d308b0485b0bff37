import { escapeHtml } from "../mail/html";
import type { MailMessage } from "../mail/mailer";

/** The password reset e-mail, as HTML and plain text, in the shop's name. */
export function passwordResetMail(options: { to: string; name: string; shopName: string; link: string; validMinutes: number }): MailMessage {
  const { to, name, shopName, link, validMinutes } = options;
  const subject = `Reset your ${shopName} password`;
  const text = [
    `Namaste ${name},`,
    "",
    `We received a request to reset the password of your ${shopName} account.`,
    `Open this link within ${validMinutes} minutes to choose a new password (it works once):`,
    "",
    link,
    "",
    "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
    "",
    `— ${shopName}`,
  ].join("\n");
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#fffaf2;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#2b1d16">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #ead9c6;border-radius:14px;padding:28px">
    <h1 style="margin:0 0 16px;font-family:Georgia,serif;color:#7a1f2b;font-size:24px">${escapeHtml(shopName)}</h1>
    <p>Namaste ${escapeHtml(name)},</p>
    <p>We received a request to reset the password of your ${escapeHtml(shopName)} account.
      The button below works once, within ${validMinutes} minutes.</p>
    <p style="margin:24px 0">
      <a href="${escapeHtml(link)}" style="background:#7a1f2b;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:600;display:inline-block">Choose a new password</a>
    </p>
    <p style="font-size:14px;color:#5e4a3e">Or paste this link into your browser:<br><a href="${escapeHtml(link)}" style="color:#7a1f2b;word-break:break-all">${escapeHtml(link)}</a></p>
    <p style="font-size:14px;color:#5e4a3e">If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>
  </div>
</body>
</html>`;
  return { to, subject, html, text };
}
