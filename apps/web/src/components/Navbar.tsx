import { Link } from "react-router";
import { CartLink } from "./CartLink";
import { AccountMenu } from "./AccountMenu";
import { Logo } from "./Logo";
import { SHOP_NAME } from "../lib/shop";

export function Navbar() {
  return (
    <header className="navbar">
      <nav className="navbar-inner container" aria-label="Main">
        <Link to="/" className="navbar-logo" aria-label={`${SHOP_NAME} home`}>
          <Logo />
        </Link>
        <div className="navbar-actions">
          <CartLink />
          <AccountMenu />
        </div>
      </nav>
    </header>
  );
}
