import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyInstance } from "fastify";

/** Every answer carries it; every log line of the request and every error body (`requestId`) carry the same. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * Whom the server believes about the client: a proxy on this host or a private network. From anyone else an
 * X-Forwarded-For would let a client pick its own IP (and so dodge per-IP rate limits or fake the consent record),
 * and an X-Request-Id would let it pin its requests on another customer's log lines.
 */
export const TRUSTED_PROXIES = ["loopback", "linklocal", "uniquelocal", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"];

const isTrustedProxy = proxyAddr.compile(TRUSTED_PROXIES);
// What a balancer or tracing proxy sends (a UUID, a hex trace id, nginx's $request_id); nothing that could break a log line.
const USABLE_ID = /^[\w.:-]{1,128}$/;

/**
 * The request's id: the one a trusted proxy sent (so the balancer's log and ours name the same request), else a
 * new UUID, unique across restarts and servers, so a customer's quoted id finds its log lines.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const sent = raw.headers[REQUEST_ID_HEADER];
  const peer = raw.socket?.remoteAddress;
  if (typeof sent === "string" && USABLE_ID.test(sent) && peer && isTrustedProxy(peer, 0)) return sent;
  return randomUUID();
}

/**
 * The id on every answer, and in the body of every shop error answer (`{ success: false, … }`), whichever route
 * wrote it (the error handler, a 404, a refused verify), so a customer can quote it. tRPC's errors carry it as
 * `error.data.requestId` (its error formatter).
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook("onRequest", (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  app.addHook("onSend", (req, reply, payload, done) => {
    if (reply.statusCode < 400 || typeof payload !== "string" || !payload.startsWith("{")) return done(null, payload);
    const body = JSON.parse(payload) as Record<string, unknown>;
    done(null, body.success === false ? JSON.stringify({ ...body, requestId: req.id }) : payload);
  });
}
