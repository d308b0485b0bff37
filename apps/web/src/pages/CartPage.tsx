import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { stockShortMessage, type PromoApplyAnswer } from "@mithai/schema/kitchen";
import { formatRupees } from "@mithai/schema/money";
import { DeliveryCheck } from "../components/DeliveryCheck";
import { EmptyWithBrowseLink } from "../components/EmptyWithBrowseLink";
import { PromoBox } from "../components/PromoBox";
import { useCart } from "../lib/cart";
import { priceCart } from "../lib/cart-lines";
import { savePreLoginCart } from "../lib/guest-cart";
import { foodImageProps } from "../lib/images";
import { openLoginPopup } from "../lib/login-popup";
import { CHECKOUT_PATH, setRedirectAfterLogin } from "../lib/redirect-after-login";
import { trpc } from "../lib/trpc";
import { setAppliedPromoCode } from "../lib/promo-code";
import { useDocumentTitle } from "../lib/use-document-title";

export default function CartPage() {
  useDocumentTitle("Cart");
  const navigate = useNavigate();
  const { cart, isSignedIn, loadFailed, change } = useCart();
  const catalogue = trpc.catalog.list.useQuery(undefined, { staleTime: 0 });
  const [promo, setPromo] = useState<PromoApplyAnswer | null>(null);

  if (!cart || !catalogue.data) {
    return (
      <section className="container section">
        <h1 className="section-title">Your cart</h1>
        {loadFailed || catalogue.isError ? <p role="alert">We could not load your cart. Please refresh the page.</p> : <p aria-busy="true">Loading cart...</p>}
      </section>
    );
  }

  const { lines, subtotal } = priceCart(cart, catalogue.data);
  const short = lines.filter(({ item, quantity }) => item.stockKg !== null && quantity > item.stockKg);
  const discount = promo ? Math.min(promo.discount, subtotal - 1) : 0;
  const applyPromo = (answer: PromoApplyAnswer | null) => {
    setPromo(answer);
    setAppliedPromoCode(answer?.code ?? null);
  };

  const checkout = () => {
    if (isSignedIn) {
      void navigate(CHECKOUT_PATH);
      return;
    }
    // A guest who signs in or up from here continues to the order page, with the cart kept (issue 16; SPEC §4 returned to /cart).
    setRedirectAfterLogin(CHECKOUT_PATH);
    savePreLoginCart(cart);
    openLoginPopup("Login");
  };

  return (
    <section className="container section cart" aria-labelledby="cart-heading">
      <h1 id="cart-heading" className="section-title">Your cart</h1>
      {lines.length === 0 ? (
        <EmptyWithBrowseLink message="Your cart is empty." className="cart-empty" buttonClassName="button button-primary" />
      ) : (
        <>
          <table className="cart-table">
            <caption className="visually-hidden">Sweets in your cart</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Title</th>
                <th scope="col">Price per kg</th>
                <th scope="col">Quantity</th>
                <th scope="col">Total</th>
                <th scope="col">Remove</th>
              </tr>
            </thead>
            <tbody>
              {lines.map(({ item, quantity, lineTotal }) => (
                <tr key={item._id} className="cart-row">
                  <td className="cart-cell-img">
                    <img {...foodImageProps(item.image)} sizes="80px" width={80} height={60} alt="" loading="lazy" />
                  </td>
                  <td className="cart-cell-title">
                    <Link to={`/product/${item.slug}`}>{item.name}</Link>
                    {item.stockKg !== null && quantity > item.stockKg && (
                      <p className="form-error" role="alert">
                        {stockShortMessage(item.name, item.stockKg)}
                      </p>
                    )}
                  </td>
                  <td data-label="Price per kg">{formatRupees(item.price)}</td>
                  <td data-label="Quantity">
                    <div className="stepper stepper-small">
                      <button type="button" aria-label={`One kg less ${item.name}`} onClick={() => change({ kind: "remove", itemId: item._id })}>
                        −
                      </button>
                      <output aria-label={`${item.name} quantity`}>{quantity} kg</output>
                      <button
                        type="button"
                        aria-label={`One kg more ${item.name}`}
                        disabled={item.stockKg !== null && quantity >= item.stockKg}
                        onClick={() => change({ kind: "add", itemId: item._id, quantity: 1 })}
                      >
                        +
                      </button>
                    </div>
                  </td>
                  <td data-label="Total" className="cart-cell-total">
                    {formatRupees(lineTotal)}
                  </td>
                  <td className="cart-cell-remove">
                    <button type="button" className="icon-button" aria-label={`Remove ${item.name}`} onClick={() => change({ kind: "removeAll", itemId: item._id })}>
                      ×
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>

          <div className="cart-bottom">
            <div className="cart-totals">
              <h2>Cart Totals</h2>
              <dl>
                <div>
                  <dt>Subtotal</dt>
                  <dd>{formatRupees(subtotal)}</dd>
                </div>
                <div>
                  <dt>Delivery</dt>
                  <dd>Free</dd>
                </div>
                {discount > 0 && (
                  <div className="order-discount">
                    <dt>Discount{promo?.code ? ` (${promo.code})` : ""}</dt>
                    <dd>- {formatRupees(discount)}</dd>
                  </div>
                )}
                <div className="cart-total">
                  <dt>Total</dt>
                  <dd>{formatRupees(subtotal - discount)}</dd>
                </div>
              </dl>
              <p className="note">Delivery charges, if any, for your PIN code are added at checkout.</p>
              {short.length > 0 && (
                <p className="form-error" role="alert">
                  Some sweets have less left than your cart asks for: lower their quantities to continue.
                </p>
              )}
              <button type="button" className="button button-primary" onClick={checkout} disabled={short.length > 0}>
                PROCEED TO CHECKOUT
              </button>
            </div>
            <div className="cart-side-forms">
              <PromoBox key={String(isSignedIn)} isSignedIn={isSignedIn} applied={promo} onApplied={applyPromo} />
              <DeliveryCheck subtotal={subtotal} />
            </div>
          </div>
        </>
      )}
    </section>
  );
}
