import { randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { type Role, ROLES, TOKEN_TTL_SECONDS } from "@mithai/schema";
import type { AuthSession } from "../context";

const ISSUER = "mithai";

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A verified token: whose session it is, and which of the account's token versions it was issued under. */
export interface VerifiedToken extends AuthSession {
  tokenVersion: number;
  /** When the token stops working anyway. */
  expiresAt: Date;
}

/**
 * A token for a new session (its own `sid`, so `user.logout` can end it alone), under the account's current
 * `tokenVersion` (users.token_version): raising that version ends every token issued before (see authenticateToken).
 */
export async function signAuthToken(
  session: Omit<AuthSession, "sessionId"> & { tokenVersion?: number },
  secret: string,
  ttlSeconds = TOKEN_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ role: session.role, ver: session.tokenVersion ?? 0, sid: randomUUID() })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(session.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyOf(secret));
}

/**
 * Tokens already verified, with their expiry: a signed-in customer sends the same token with every
 * request, so its signature is checked once and then only its expiry. Keyed by secret and token, so a
 * token verified under one secret is never accepted under another. Bounded; the oldest entries go first.
 */
const verified = new Map<string, { session: VerifiedToken; expiresAtMs: number }>();
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * The session a token stands for, or null for a missing, forged, expired or malformed token. Whether the
 * account has since ended its older tokens is the database's to say: authenticateToken asks it.
 */
export async function verifyAuthToken(token: string, secret: string): Promise<VerifiedToken | null> {
  const cacheKey = `${secret}\u0000${token}`;
  const known = verified.get(cacheKey);
  if (known) {
    if (Date.now() < known.expiresAtMs) return known.session;
    verified.delete(cacheKey);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer: ISSUER, algorithms: ["HS256"] });
    const role = payload.role;
    if (typeof payload.sub !== "string" || !ROLES.includes(role as Role) || typeof payload.exp !== "number") return null;
    // Tokens issued before versions existed carry none: they stand for version 0.
    const tokenVersion = payload.ver ?? 0;
    if (typeof tokenVersion !== "number" || !Number.isInteger(tokenVersion)) return null;
    // Tokens issued before sessions had ids carry none: only "sign out everywhere" ends them early.
    const sid = payload.sid;
    if (sid !== undefined && (typeof sid !== "string" || !UUID.test(sid))) return null;
    const session: VerifiedToken = { userId: payload.sub, role: role as Role, tokenVersion, expiresAt: new Date(payload.exp * 1000), ...(sid ? { sessionId: sid } : {}) };
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(cacheKey, { session, expiresAtMs: payload.exp * 1000 });
    return session;
  } catch {
    return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type HeaderValue = string | string[] | undefined;

/**
 * The token a request carries: `Authorization: Bearer <token>`, or (REST only, for older clients of
 * this API) a bare `token` header.
 */
export function readRequestToken(headers: Record<string, HeaderValue>, allowTokenHeader: boolean): string | null {
  const authorization = first(headers.authorization);
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  if (allowTokenHeader) {
    const token = first(headers.token)?.trim();
    if (token) return token;
  }
  return null;
}

function first(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
