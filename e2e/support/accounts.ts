import { expect, test, type Page } from "./test";
import { readNewestOutboxMail } from "../../packages/api/src/mail/eml-files";
import { e2eShop } from "./shops";

let counter = 0;
/** A fresh e-mail per call, so tests never collide on the shared server. */
export const uniqueEmail = (prefix = "customer") => `${prefix}-${Date.now()}-${counter++}@example.in`;

export const PASSWORD = "kaju-katli-2024";

let clients = 0;
/**
 * Headers that make an API call (not the browser's own) come from a client address of its own, as a proxy in front
 * of the shop would say (the server believes X-Forwarded-For from a loopback proxy). A whole suite signs up more
 * accounts from this machine in minutes than the per-address sign-up limit lets one real visitor.
 */
export const fromOwnClient = (): Record<string, string> => {
  clients++;
  return { "x-forwarded-for": `10.77.${(clients >> 8) & 255}.${clients & 255}` };
};

/** Signs a new customer up through the navbar's popup; answers the e-mail used. */
export async function signUpThroughPopup(page: Page, name = "Asha Rao"): Promise<string> {
  await page.getByRole("button", { name: "Sign In" }).click();
  return signUpInOpenPopup(page, name);
}

/** Signs a new customer up in the login popup something else opened (checkout, a review); answers the e-mail used. */
export async function signUpInOpenPopup(page: Page, name = "Asha Rao"): Promise<string> {
  const email = uniqueEmail();
  const popup = page.getByRole("dialog", { name: "Login" });
  await popup.getByRole("button", { name: "Click here" }).click();
  const signUp = page.getByRole("dialog", { name: "Sign Up" });
  await signUp.getByLabel("Your name").fill(name);
  await signUp.getByLabel("Email").fill(email);
  await signUp.getByLabel("Password").fill(PASSWORD);
  await signUp.getByLabel("By continuing, I agree to the terms of use & privacy policy.").check();
  await signUp.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("button", { name: "Account" })).toBeVisible();
  return email;
}

/** Logs an existing customer in through the open login popup. */
export async function logInInOpenPopup(page: Page, email: string): Promise<void> {
  const popup = page.getByRole("dialog", { name: "Login" });
  await popup.getByLabel("Email").fill(email);
  await popup.getByLabel("Password").fill(PASSWORD);
  await popup.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("button", { name: "Account" })).toBeVisible();
}

/** Creates a customer through the REST API (no browser), for tests about something else. */
export async function createCustomer(page: Page): Promise<{ email: string; token: string }> {
  const email = uniqueEmail();
  const res = await page.request.post("/api/user/register", { headers: fromOwnClient(), data: { name: "Test Customer", email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  const { token } = (await res.json()) as { token: string };
  return { email, token };
}

/** The reset link from the newest mail in the e2e server's outbox, once it arrived for `email`. */
export async function resetLinkMailedTo(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = await readNewestOutboxMail(e2eShop(test.info().parallelIndex).outboxDir);
      if (!mail?.includes(`To: ${email}`)) return null;
      link = mail.match(/https?:\/\/\S+?\/reset-password\?token=[A-Za-z0-9_%-]+/)?.[0];
      return link ?? null;
    })
    .not.toBeNull();
  return link!;
}
