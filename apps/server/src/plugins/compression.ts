import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export type ContentEncoding = "br" | "gzip";

/**
 * The encoding to answer with, from the request's Accept-Encoding: brotli, else gzip, else none.
 * Honours q-values (`br;q=0` refuses brotli; `*` stands for any encoding not named).
 */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: ContentEncoding) => weights.get(encoding) ?? weights.get("*") ?? 0;
  if (weightOf("br") > 0 && weightOf("br") >= weightOf("gzip")) return "br";
  if (weightOf("gzip") > 0) return "gzip";
  return null;
}

/** Adds Accept-Encoding to the response's Vary header (a cache must keep one copy per encoding). */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader("vary") ?? "");
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
}

/**
 * Smaller answers go out as they are: they reach a phone in the same first round trip either way (TCP's initial
 * window is about 14 KB), so compressing them costs the server CPU and saves the customer nothing noticeable.
 */
export const MIN_COMPRESSED_BYTES = 4096;
/** Larger bodies are left to @fastify/compress, which streams them off the event loop. */
const MAX_BYTES = 64 * 1024;
const COMPRESSIBLE = /^(application\/(json|javascript|xml|manifest\+json)|text\/|image\/svg\+xml)/i;
// Quality 4 with a 64 KB window: most of brotli's gain on JSON for a fraction of its default effort.
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 16 } };
const GZIP = { level: 6 };

/**
 * Compresses answers the server holds in memory (JSON, pages) in one synchronous call: for a few kilobytes
 * that costs tens of microseconds, where a zlib stream per response (what @fastify/compress does) costs
 * hundreds. Streams, files and large bodies pass through to @fastify/compress.
 */
export function registerInMemoryCompression(app: FastifyInstance): void {
  app.addHook("onSend", (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return done(null, payload);
    const bytes = typeof payload === "string" ? Buffer.byteLength(payload) : payload.length;
    if (bytes < MIN_COMPRESSED_BYTES || bytes > MAX_BYTES || reply.hasHeader("content-encoding")) return done(null, payload);
    if (!COMPRESSIBLE.test(String(reply.getHeader("content-type") ?? ""))) return done(null, payload);
    varyOnEncoding(reply);
    const encoding = negotiateEncoding(req.headers["accept-encoding"]);
    if (!encoding) return done(null, payload);
    reply.header("content-encoding", encoding).removeHeader("content-length");
    done(null, encoding === "br" ? brotliCompressSync(payload, BROTLI) : gzipSync(payload, GZIP));
  });
}
