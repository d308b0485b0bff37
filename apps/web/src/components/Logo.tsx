import { SHOP_NAME } from "../lib/shop";

export function Logo() {
  return (
    <span className="logo">
      <svg aria-hidden="true" viewBox="0 0 64 64" width="34" height="34">
        <circle cx="32" cy="32" r="30" fill="#7a1f2b" />
        <circle cx="32" cy="34" r="19" fill="#f0a53a" />
        <circle cx="26" cy="28" r="2.2" fill="#4f7a1a" />
        <circle cx="37" cy="25" r="1.8" fill="#4f7a1a" />
        <circle cx="38" cy="39" r="2" fill="#fff8e7" />
      </svg>
      <span className="logo-text">{SHOP_NAME}</span>
    </span>
  );
}
