import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useCart } from "../lib/cart";
import { priceCart } from "../lib/cart-lines";
import { catalogLang } from "../lib/catalog-language";
import { trpc } from "../lib/trpc";

/** The navbar's cart icon, with a dot while the cart total is not 0 (SPEC §2). */
export function CartLink() {
  const { t } = useLingui();
  const { cart } = useCart();
  const catalogue = trpc.catalog.list.useQuery(catalogLang());
  const hasTotal = Boolean(cart && catalogue.data && priceCart(cart, catalogue.data).subtotal !== 0);
  return (
    <Link to="/cart" className="icon-button cart-link" aria-label={hasTotal ? t`Cart, has items` : t`Cart`}>
      <CartIcon />
      {hasTotal && <span className="cart-dot" data-testid="cart-dot" aria-hidden="true" />}
    </Link>
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
