import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";

/** Where Razorpay's checkout lives (DECISIONS: in razorpay mode the client loads Razorpay's own checkout). */
const RAZORPAY_CHECKOUT = "https://checkout.razorpay.com";
const RAZORPAY_API = "https://api.razorpay.com";
/** Tag managers' no-JavaScript fallback (`googleTagBody`) is an iframe from here. */
const TAG_MANAGER_FRAMES = "https://www.googletagmanager.com";

/** Responses that are not pages (JSON, images, scripts) may not be framed and load nothing. */
const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function createCspNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The policy for the pages we serve. A script runs only when it carries this response's nonce (the
 * built app and the admin-set tag snippets get it from the server), or when such a trusted script loads
 * it ('strict-dynamic': Google's tags, Razorpay's checkout.js, the app's lazily loaded chunks).
 * 'self' and the Razorpay host are fallbacks for browsers without 'strict-dynamic'.
 */
export function pageContentSecurityPolicy(nonce: string, imagesOrigin?: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self' ${RAZORPAY_CHECKOUT}`,
    // React sets style properties through the CSSOM (not governed by CSP); tag snippets inject inline styles.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${imagesOrigin ? ` ${imagesOrigin}` : ""}`,
    "font-src 'self' data: https:",
    // Analytics beacons and Razorpay's checkout talk to their own hosts.
    "connect-src 'self' https:",
    `frame-src 'self' ${RAZORPAY_API} ${RAZORPAY_CHECKOUT} ${TAG_MANAGER_FRAMES}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${RAZORPAY_API}`,
    "frame-ancestors 'self'",
  ].join("; ");
}

/**
 * Security headers on every response. Pages set their own nonce-based Content-Security-Policy; every
 * other response gets one that allows nothing.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): void {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "SAMEORIGIN",
    "cross-origin-opener-policy": "same-origin-allow-popups",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
    ...(opts.https ? { "strict-transport-security": "max-age=15552000" } : {}),
  };
  // A callback hook, not an async one: it runs on every answer and needs no promise.
  app.addHook("onSend", (_req, reply, payload, done) => {
    reply.headers(headers);
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", RESOURCE_POLICY);
    done(null, payload);
  });
}
