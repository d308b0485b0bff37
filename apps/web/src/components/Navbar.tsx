import { Link } from "react-router";
import { AccountMenu } from "./AccountMenu";
import { Logo } from "./Logo";

export function Navbar() {
  return (
    <header className="navbar">
      <nav className="navbar-inner container" aria-label="Main">
        <Link to="/" className="navbar-logo" aria-label="Home">
          <Logo />
        </Link>
        <div className="navbar-actions">
          <Link to="/cart" className="icon-button" aria-label="Cart">
            <CartIcon />
          </Link>
          <AccountMenu />
        </div>
      </nav>
    </header>
  );
}

function CartIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M5 7h14l-1.2 10.2a2 2 0 0 1-2 1.8H8.2a2 2 0 0 1-2-1.8L5 7Z" />
      <path d="M9 10V6a3 3 0 0 1 6 0v4" />
    </svg>
  );
}
