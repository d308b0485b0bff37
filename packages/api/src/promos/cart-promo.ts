import type { DbOrTx } from "@mithai/db/client";
import { users } from "@mithai/db/schema";
import { eq, sql, type Placeholder, type SQL } from "@mithai/db/sql";
import { AppError } from "../errors";
import { promoOffer, type PromoOffer } from "./promos";

/**
 * The promo code applied to the server cart (DECISIONS "The shopper's next step"): stored by `POST /api/promo/apply`
 * when the code can be used, answered by `cart/get` as `promoCode` and by tRPC `promo.current`, shown by the cart and
 * the order page (a reload keeps it), and kept until the order is paid or the customer removes it
 * (`DELETE /api/promo`, tRPC `promo.remove`; its payment clears it: orders/open-order.ts customerPaidStep). Every use is
 * checked again when the order is placed.
 */
export async function cartPromoCode(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ code: users.cartPromoCode }).from(users).where(eq(users.id, userId));
  return row?.code ?? null;
}

/** The same as a column of another query (the checkout's one read: orders/checkout-cart.ts). */
export function cartPromoCodeSql(userId: string | Placeholder): SQL<string | null> {
  return sql<string | null>`(select ${users.cartPromoCode} from ${users} where ${eq(users.id, userId)})`;
}

/**
 * What the code kept with the cart takes off, for a `place` that names no code (the cart's code is the customer's
 * choice until removed: a REST client that applied it, or an order page that did not resend it). Null when none is
 * kept or it no longer applies (expired, used up, the subtotal too small): the order page showed its summary without
 * it and said why, so the order goes ahead without it. A code the request names is checked strictly instead.
 */
export async function keptPromoOffer(db: DbOrTx, code: string | null, userId: string, subtotalPaise: number, now: Date): Promise<PromoOffer | null> {
  if (!code) return null;
  return promoOffer(db, code, userId, subtotalPaise, now).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
}

export async function storeCartPromo(db: DbOrTx, userId: string, code: string): Promise<void> {
  await db.update(users).set({ cartPromoCode: code }).where(eq(users.id, userId));
}

export async function removeCartPromo(db: DbOrTx, userId: string): Promise<{ success: true; promoCode: null; message: string }> {
  await db.update(users).set({ cartPromoCode: null }).where(eq(users.id, userId));
  return { success: true, promoCode: null, message: "Promo code removed" };
}
