import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { PASSWORD_MIN_LENGTH } from "@mithai/schema";
import { serverMessageOf } from "../lib/errors";
import { Field } from "./Field";
import { closeLoginPopup, openLoginPopup, useLoginPopup } from "../lib/login-popup";
import { guestCartMoved, moveGuestCart } from "../lib/cart";
import { showNotice } from "../lib/notice";
import { CHECKOUT_PATH, takeRedirectAfterLogin } from "../lib/redirect-after-login";
import { setCustomerToken } from "../lib/session";
import { forgetCustomer, trpc } from "../lib/trpc";
import { formText } from "../lib/form";
import { activeLanguage } from "../lib/i18n";
import { SubmitButton } from "./FormStatus";

/** The navbar's login / sign-up dialog (SPEC §2, §4); opened from anywhere through lib/login-popup. */
export function LoginPopup() {
  const { open, mode } = useLoginPopup();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={dialogRef} className="login-popup" aria-labelledby="login-popup-title" onClose={closeLoginPopup}>
      {/* Mounting the form only while open starts every visit with empty fields. */}
      {open && <LoginForm key={mode} mode={mode} />}
    </dialog>
  );
}

/** A short welcome for a shopper who signed in (or up) on the way to checkout and now lands on the order page. */
function welcomeToCheckout(newName: string | null): string {
  const name = newName?.trim();
  return name ? t`Welcome, ${name}! Your account is ready: add a delivery address to place your order.` : t`Welcome back! Your cart is ready: confirm the delivery address to place your order.`;
}

function LoginForm({ mode }: { mode: "Login" | "Sign Up" }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const signingUp = mode === "Sign Up";

  const login = trpc.auth.login.useMutation();
  const register = trpc.auth.register.useMutation();
  // Signed in, moving the guest's cart into the account before the next page.
  const [continuing, setContinuing] = useState(false);
  const busy = login.isPending || register.isPending || continuing;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    const email = formText(form, "email");
    const password = formText(form, "password");
    try {
      const result = signingUp ? await register.mutateAsync({ name: formText(form, "name"), email, password, language: activeLanguage() }) : await login.mutateAsync({ email, password });
      // Whatever was cached belonged to the previous visitor.
      forgetCustomer(queryClient);
      setCustomerToken(result.token);
      setContinuing(true);
      // The guest's cart is in the account before the next page reads it (checkout orders the server cart).
      const moved = moveGuestCart(utils);
      const told = moved ? await moved : (await guestCartMoved(), null);
      closeLoginPopup();
      const target = takeRedirectAfterLogin();
      await navigate(target);
      const welcome = target === CHECKOUT_PATH ? welcomeToCheckout(signingUp ? formText(form, "name") : null) : null;
      if (welcome || told) showNotice([welcome, told].filter(Boolean).join(" "));
    } catch (cause) {
      setError(serverMessageOf(cause) ?? t`An error occurred while logging in.`);
    }
  }

  return (
    <form className="login-popup-form" onSubmit={submit}>
      <div className="login-popup-head">
        <h2 id="login-popup-title">{signingUp ? t`Sign Up` : t`Login`}</h2>
        <button type="button" className="icon-button" aria-label={t`Close`} onClick={closeLoginPopup}>
          <span aria-hidden="true">×</span>
        </button>
      </div>

      {signingUp && <Field label={t`Your name`} name="name" autoComplete="name" required maxLength={100} autoFocus />}
      <Field label={t`Email`} name="email" type="email" autoComplete="email" required maxLength={254} autoFocus={!signingUp} />
      <Field
        label={t`Password`}
        name="password"
        type="password"
        required
        autoComplete={signingUp ? "new-password" : "current-password"}
        minLength={signingUp ? PASSWORD_MIN_LENGTH : undefined}
        maxLength={200}
        hint={signingUp ? t`At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
      />

      {/* The agreement is made once, when the account is created; a returning customer is never asked to tick it again. */}
      {signingUp ? (
        <>
          <label className="checkbox">
            <input type="checkbox" name="terms" required />
            <span><Trans>By continuing, I agree to the terms of use &amp; privacy policy.</Trans></span>
          </label>
          <p className="field-hint">
            <Trans>Read our <TermsLinks />.</Trans>
          </p>
        </>
      ) : (
        <p className="field-hint">
          <Trans>Signing in, you continue under our <TermsLinks />.</Trans>
        </p>
      )}

      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}

      <SubmitButton className="button button-primary button-block" busy={busy} busyLabel={t`Please wait...`}>
        {signingUp ? t`Create account` : t`Login`}
      </SubmitButton>

      {signingUp ? (
        <SwitchMode to="Login" question={t`Already have an account?`} action={t`Login here`} />
      ) : (
        <>
          <p className="login-popup-switch">
            <Link to="/forgot-password" onClick={closeLoginPopup}>
              <Trans>Forgot password?</Trans>
            </Link>
          </p>
          <SwitchMode to="Sign Up" question={t`Create a new account?`} action={t`Click here`} />
        </>
      )}
    </form>
  );
}

/** The terms and privacy pages, each closing the popup on the way. */
function TermsLinks() {
  return (
    <Trans>
      <Link to="/terms-and-conditions" onClick={closeLoginPopup}>
        terms of use
      </Link>{" "}
      and{" "}
      <Link to="/privacy-policy" onClick={closeLoginPopup}>
        privacy policy
      </Link>
    </Trans>
  );
}

function SwitchMode({ to, question, action }: { to: "Login" | "Sign Up"; question: string; action: string }) {
  return (
    <p className="login-popup-switch">
      {question}{" "}
      <button type="button" className="link-button" onClick={() => openLoginPopup(to)}>
        {action}
      </button>
    </p>
  );
}
