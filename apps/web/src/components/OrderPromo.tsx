import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type KeyboardEvent } from "react";
import { serverMessageOf } from "../lib/errors";
import { trpc } from "../lib/trpc";

/**
 * The order page's promo code: the one kept with the server cart (applied in the cart, or here), with Remove; or a
 * box to apply one. Not a form of its own: it sits inside the checkout form.
 */
export function OrderPromo({ promoCode }: { promoCode: string | null }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const apply = trpc.promo.apply.useMutation();
  const remove = trpc.promo.remove.useMutation();
  const [code, setCode] = useState("");
  const [refusal, setRefusal] = useState("");

  const changed = () => Promise.all([utils.promo.current.invalidate(), utils.order.preview.invalidate()]);
  const submit = async () => {
    setRefusal("");
    if (!code.trim()) {
      setRefusal(t`Type a promo code first.`);
      return;
    }
    try {
      await apply.mutateAsync({ code });
      setCode("");
      await changed();
    } catch (error) {
      setRefusal(serverMessageOf(error) ?? t`We could not check this code. Please try again.`);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    void submit();
  };

  if (promoCode) {
    return (
      <p className="order-promo" role="status">
        <Trans>
          Promo code <strong>{promoCode}</strong>
        </Trans>{" "}
        <button
          type="button"
          className="link-button"
          disabled={remove.isPending}
          onClick={() => void remove.mutateAsync().then(changed)}
        >
          <Trans>Remove promo code {promoCode}</Trans>
        </button>
      </p>
    );
  }
  return (
    <div className="cart-promo order-promo">
      <label htmlFor="order-promocode"><Trans>Have a promo code?</Trans></label>
      <div className="cart-promo-row">
        <input id="order-promocode" type="text" placeholder={t`Promo code`} autoComplete="off" value={code} onChange={(event) => setCode(event.target.value)} onKeyDown={onKeyDown} />
        <button type="button" className="button button-secondary" disabled={apply.isPending} onClick={() => void submit()}>
          <Trans>Apply</Trans>
        </button>
      </div>
      {refusal && (
        <p role="alert" className="form-error">
          {refusal}
        </p>
      )}
    </div>
  );
}
