import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { openLoginPopup } from "../lib/login-popup";
import { useCustomerToken } from "../lib/session";
import { useSignOut } from "../lib/sign-out";

/** The navbar's account corner: Sign In for guests, a profile menu (Orders, Logout) for customers. */
export function AccountMenu() {
  const token = useCustomerToken();
  if (!token) {
    return (
      <button type="button" className="button button-secondary navbar-signin" onClick={() => openLoginPopup("Login")}>
        <Trans>Sign In</Trans>
      </button>
    );
  }
  return <ProfileMenu />;
}

function ProfileMenu() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const signOut = useSignOut();

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", closeOnOutsideClick);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutsideClick);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  function logout() {
    setOpen(false);
    signOut();
  }

  return (
    <div
      className="profile-menu"
      ref={rootRef}
      onBlur={(event) => {
        // Tabbing out of the menu closes it.
        if (!rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button ref={buttonRef} type="button" className="icon-button" aria-label={t`Account`} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <ProfileIcon />
      </button>
      {open && (
        <ul id={menuId} className="profile-menu-list">
          <li>
            <Link to="/user-dashboard/my-profile" onClick={() => setOpen(false)}>
              <Trans>My Profile</Trans>
            </Link>
          </li>
          <li>
            <Link to="/user-dashboard/my-orders" onClick={() => setOpen(false)}>
              <Trans>Orders</Trans>
            </Link>
          </li>
          <li>
            <button type="button" onClick={logout}>
              <Trans>Logout</Trans>
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

function ProfileIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </svg>
  );
}
