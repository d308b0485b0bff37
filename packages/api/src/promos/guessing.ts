import type { Limits } from "../limits";
import { networkOf } from "../rate-limit";

/** Who tries a code: the customer, and the address the request came from (absent outside a request). */
export interface PromoTrier {
  limits: Limits;
  userId: string;
  ip?: string;
}

/**
 * Runs `check` on a promo code under the guessing limits (issue 26): a code this customer has not tried in the window
 * takes a point per customer and per network BEFORE it is looked up (so a burst of concurrent guesses checks no more
 * than the limit), and the points are given back when the code can be used. Past the limit: 429 RATE_LIMITED.
 */
export async function withPromoGuessLimits<T>({ limits, userId, ip }: PromoTrier, code: string, check: () => Promise<T>): Promise<T> {
  const seenKey = `${userId}|${code.trim().toUpperCase()}`;
  const network = ip === undefined ? null : networkOf(ip);
  const counted = await limits.promoCodeSeen.tryConsume(seenKey);
  if (counted) {
    try {
      await limits.promoTriesPerCustomer.consume(userId);
    } catch (error) {
      await limits.promoCodeSeen.clear(seenKey);
      throw error;
    }
    if (network !== null) {
      try {
        await limits.promoTriesPerIp.consume(network);
      } catch (error) {
        await limits.promoCodeSeen.clear(seenKey);
        await limits.promoTriesPerCustomer.giveBack(userId);
        throw error;
      }
    }
  }
  const answer = await check();
  if (counted) {
    await limits.promoTriesPerCustomer.giveBack(userId);
    if (network !== null) await limits.promoTriesPerIp.giveBack(network);
  }
  return answer;
}
