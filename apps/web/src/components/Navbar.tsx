import { useLingui } from "@lingui/react/macro";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { Link } from "react-router";
import { CartLink } from "./CartLink";
import { AccountMenu } from "./AccountMenu";
import { Logo } from "./Logo";
import { SearchBox } from "./SearchBox";
import { SHOP_NAME } from "../lib/shop";

export function Navbar() {
  const { t } = useLingui();
  return (
    <header className="navbar">
      <nav className="navbar-inner container" aria-label={t`Main`}>
        <Link to="/" className="navbar-logo" aria-label={t`${SHOP_NAME} home`}>
          <Logo />
        </Link>
        <SearchBox />
        <div className="navbar-actions">
          <CartLink />
          <AccountMenu />
          <LanguageSwitcher />
        </div>
      </nav>
    </header>
  );
}
