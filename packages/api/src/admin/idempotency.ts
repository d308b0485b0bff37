import type { Db } from "@mithai/db/client";
import { idempotentRequests } from "@mithai/db/schema";
import { and, eq, isNull, lt, or, sql } from "@mithai/db/sql";
import { AppError } from "../errors";

/** How long a key's first answer is kept and answered again. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** A claim whose request never finished (its server died midway) is given up after this long. */
const ABANDONED_AFTER_MINUTES = 2;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 100;

/** The `Idempotency-Key` header as sent: absent, or any string of 1 to 100 characters (else 400). */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!key || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new AppError("VALIDATION", `Idempotency-Key: 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`, {
      fieldErrors: [{ path: "Idempotency-Key", message: `1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters` }],
    });
  }
  return key;
}

export interface Idempotency {
  scope: string;
  actorId: string;
  key: string;
}

/** What a claim found: the first request's answer (nothing to do), or the claim to finish with `complete`. */
export type Claim<T> = { kind: "answered"; answer: T } | { kind: "claimed"; id: string };

/**
 * Claims `key` for one request: answers the first request's answer when one is kept (within 24 hours), refuses
 * with 409 IDEMPOTENCY_KEY_IN_USE while the first is still being carried out, else claims it for this request.
 */
export async function claimIdempotencyKey<T>(db: Db, { scope, actorId, key }: Idempotency): Promise<Claim<T>> {
  const same = and(eq(idempotentRequests.scope, scope), eq(idempotentRequests.actorId, actorId), eq(idempotentRequests.key, key));
  // An expired answer, or a claim its server abandoned, frees the key.
  await db
    .delete(idempotentRequests)
    .where(
      and(
        same,
        or(
          lt(idempotentRequests.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`),
          and(isNull(idempotentRequests.answer), lt(idempotentRequests.createdAt, sql`now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})`)),
        ),
      ),
    );
  const [claimed] = await db.insert(idempotentRequests).values({ scope, actorId, key }).onConflictDoNothing().returning({ id: idempotentRequests.id });
  if (claimed) return { kind: "claimed", id: claimed.id };
  const [first] = await db.select({ answer: idempotentRequests.answer }).from(idempotentRequests).where(same).limit(1);
  if (first?.answer != null) return { kind: "answered", answer: first.answer as T };
  throw new AppError("IDEMPOTENCY_KEY_IN_USE", "A request with this Idempotency-Key is still being carried out. Wait a moment and send it again.");
}

/** The claimed request's answer, kept for the key (inside the transaction that made the change, so both or neither stay). */
export async function completeIdempotencyKey(db: Pick<Db, "update">, claimId: string, answer: unknown): Promise<void> {
  await db.update(idempotentRequests).set({ answer }).where(eq(idempotentRequests.id, claimId));
}

/** Frees a claim whose request failed: the key may be sent again and is then carried out afresh. */
export async function releaseIdempotencyKey(db: Db, claimId: string): Promise<void> {
  await db.delete(idempotentRequests).where(and(eq(idempotentRequests.id, claimId), isNull(idempotentRequests.answer)));
}

/** Forgets answers older than the window (the sweep; a key older than that is freed when it is sent again anyway). */
export async function forgetOldIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`))
    .returning({ id: idempotentRequests.id });
  return gone.length;
}
