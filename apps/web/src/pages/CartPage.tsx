import { Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { PromoApplyAnswer } from "@mithai/schema";
import { stockShortText } from "../lib/order-text";
import { formatRupees } from "../lib/format";
import { DeliveryCheck, quoteSentence } from "../components/DeliveryCheck";
import { EmptyWithBrowseLink } from "../components/EmptyWithBrowseLink";
import { PromoBox } from "../components/PromoBox";
import { useCart } from "../lib/cart";
import { priceCart } from "../lib/cart-lines";
import { savePreLoginCart } from "../lib/guest-cart";
import { foodImageProps } from "../lib/images";
import { openLoginPopup } from "../lib/login-popup";
import { CHECKOUT_PATH, setRedirectAfterLogin } from "../lib/redirect-after-login";
import { catalogLang } from "../lib/catalog-language";
import { trpc } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";
import { DeliveryTermsText } from "../lib/delivery-terms";

export default function CartPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Cart`);
  const navigate = useNavigate();
  const { cart, isSignedIn, loadFailed, change } = useCart();
  const catalogue = trpc.catalog.list.useQuery(catalogLang(), { staleTime: 0 });
  const [promo, setPromo] = useState<PromoApplyAnswer | null>(null);
  // The code kept with the server cart is shown again on a reload, with what it takes off now.
  const utils = trpc.useUtils();
  const currentPromo = trpc.promo.current.useQuery(undefined, { enabled: isSignedIn });
  const reapply = trpc.promo.apply.useMutation();
  const removePromo = trpc.promo.remove.useMutation();
  const reapplied = useRef(false);
  const keptCode = currentPromo.data?.promoCode;
  useEffect(() => {
    if (!keptCode || reapplied.current) return;
    reapplied.current = true;
    reapply.mutateAsync({ code: keptCode }).then(setPromo, () => setPromo(null));
  }, [keptCode, reapply]);
  // The delivery charge is shown once a PIN code is known: the one typed in "Check delivery", else the saved address
  // the order page will choose first.
  const profile = trpc.user.profile.useQuery(undefined, { enabled: isSignedIn });
  const [typedPincode, setTypedPincode] = useState<string | null>(null);
  const saved = profile.data?.addresses.find((a) => a._id === profile.data?.lastUsedAddressId) ?? profile.data?.addresses.at(-1);
  const pincode = typedPincode ?? saved?.pincode ?? null;
  const subtotalForQuote = cart && catalogue.data ? priceCart(cart, catalogue.data).subtotal : 0;
  const quote = trpc.delivery.quote.useQuery(
    { pincode: pincode ?? "", subtotal: subtotalForQuote },
    { enabled: pincode !== null && subtotalForQuote > 0, placeholderData: keepPreviousData },
  );

  if (!cart || !catalogue.data) {
    return (
      <section className="container section">
        <h1 className="section-title">
          <Trans>Your cart</Trans>
        </h1>
        {loadFailed || catalogue.isError ? (
          <p role="alert">
            <Trans>We could not load your cart. Please refresh the page.</Trans>
          </p>
        ) : (
          <p aria-busy="true">
            <Trans>Loading cart...</Trans>
          </p>
        )}
      </section>
    );
  }

  const { lines, subtotal } = priceCart(cart, catalogue.data);
  const short = lines.filter(({ item, quantity }) => item.stockKg !== null && quantity > item.stockKg);
  const discount = promo ? Math.min(promo.discount, subtotal - 1) : 0;
  const delivery = pincode !== null ? quote.data : undefined;
  const deliveryCharge = delivery?.serviceable ? delivery.charge : 0;
  const applyPromo = (answer: PromoApplyAnswer | null) => {
    setPromo(answer);
    // Removing takes it off the server cart too; applying stored it there already.
    if (!answer && keptCode) void removePromo.mutateAsync().then(() => utils.promo.current.invalidate());
    else void utils.promo.current.invalidate();
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
      <h1 id="cart-heading" className="section-title">
        <Trans>Your cart</Trans>
      </h1>
      {lines.length === 0 ? (
        <EmptyWithBrowseLink message={t`Your cart is empty.`} className="cart-empty" buttonClassName="button button-primary" />
      ) : (
        <>
          <table className="cart-table">
            <caption className="visually-hidden">
              <Trans>Sweets in your cart</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">{t`Item`}</th>
                <th scope="col">{t`Title`}</th>
                <th scope="col">{t`Price per kg`}</th>
                <th scope="col">{t`Quantity`}</th>
                <th scope="col">{t`Total`}</th>
                <th scope="col">{t`Remove`}</th>
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
                        {stockShortText(item.name, item.stockKg)}
                      </p>
                    )}
                  </td>
                  <td data-label={t`Price per kg`}>{formatRupees(item.price)}</td>
                  <td data-label={t`Quantity`}>
                    <div className="stepper stepper-small">
                      <button type="button" aria-label={t`One kg less ${item.name}`} onClick={() => change({ kind: "remove", itemId: item._id })}>
                        −
                      </button>
                      <output aria-label={t`${item.name} quantity`}>{t`${quantity} kg`}</output>
                      <button
                        type="button"
                        aria-label={t`One kg more ${item.name}`}
                        disabled={item.stockKg !== null && quantity >= item.stockKg}
                        onClick={() => change({ kind: "add", itemId: item._id, quantity: 1 })}
                      >
                        +
                      </button>
                    </div>
                  </td>
                  <td data-label={t`Total`} className="cart-cell-total">
                    {formatRupees(lineTotal)}
                  </td>
                  <td className="cart-cell-remove">
                    <button type="button" className="icon-button" aria-label={t`Remove ${item.name}`} onClick={() => change({ kind: "removeAll", itemId: item._id })}>
                      ×
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>

          <div className="cart-bottom">
            <div className="cart-totals">
              <h2>
                <Trans>Cart Totals</Trans>
              </h2>
              <dl>
                <div>
                  <dt>
                    <Trans>Subtotal</Trans>
                  </dt>
                  <dd>{formatRupees(subtotal)}</dd>
                </div>
                <div className="cart-delivery">
                  <dt>{pincode === null ? t`Delivery` : t`Delivery to ${pincode}`}</dt>
                  <dd>
                    {pincode === null
                      ? t`By PIN code`
                      : !delivery
                        ? "…"
                        : !delivery.serviceable
                          ? t`Not delivered`
                          : delivery.charge === 0
                            ? t`Free`
                            : formatRupees(delivery.charge)}
                  </dd>
                </div>
                {discount > 0 && (
                  <div className="order-discount">
                    <dt>{promo?.code ? t`Discount (${promo.code})` : t`Discount`}</dt>
                    <dd>- {formatRupees(discount)}</dd>
                  </div>
                )}
                <div className="cart-total">
                  <dt>
                    <Trans>Total</Trans>
                  </dt>
                  <dd>{formatRupees(subtotal - discount + deliveryCharge)}</dd>
                </div>
              </dl>
              {pincode === null ? (
                <p className="note">
                  <DeliveryTermsText /> <Trans>Check your PIN code below to see yours.</Trans>
                </p>
              ) : (
                delivery && (
                  <p className="note">
                    {delivery.serviceable ? `${delivery.zone ?? t`Delivery`}: ${quoteSentence(delivery)}` : quoteSentence(delivery)}
                  </p>
                )
              )}
              {short.length > 0 && (
                <p className="form-error" role="alert">
                  <Trans>Some sweets have less left than your cart asks for: lower their quantities to continue.</Trans>
                </p>
              )}
              <button type="button" className="button button-primary" onClick={checkout} disabled={short.length > 0}>
                <Trans>PROCEED TO CHECKOUT</Trans>
              </button>
            </div>
            <div className="cart-side-forms">
              <PromoBox key={`${String(isSignedIn)}-${promo?.code ?? ""}`} isSignedIn={isSignedIn} applied={promo} onApplied={applyPromo} />
              <DeliveryCheck subtotal={subtotal} onChecked={setTypedPincode} />
            </div>
          </div>
        </>
      )}
    </section>
  );
}
