import type { DbOrTx } from "@mithai/db/client";
import { promoCodes } from "@mithai/db/schema";
import { sql } from "@mithai/db/sql";
import type { PaidOrders } from "../payments/paid-gate";

/**
 * Finalisation step: a promo code's use is counted with the payment. The use was claimed by the order while it was
 * open (within both limits, under the code's lock); a late payment is paid only if the code still allows it.
 */
export function promoUseStep(db: DbOrTx, paid: PaidOrders) {
  return db.$with("promo_used").as(
    db
      .update(promoCodes)
      .set({ uses: sql`${promoCodes.uses} + 1` })
      .where(sql`${promoCodes.id} = (select ${paid.promoCodeId} from ${paid})`)
      .returning({ id: promoCodes.id }),
  );
}
