import fastifyCompress from "@fastify/compress";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply } from "fastify";
import { constants as zlib } from "node:zlib";

/**
 * The one compression path: @fastify/compress for every answer (answers held in memory are compressed in one
 * synchronous call, streams and tRPC's fetch Responses through a zlib stream), and `negotiateEncoding` for the
 * catalogue's bodies compressed once per version (plugins/catalog-answers.ts), by the same negotiator.
 */

export type ContentEncoding = "br" | "gzip";
/** In the shop's order of preference: brotli, then gzip. */
const ENCODINGS: ContentEncoding[] = ["br", "gzip"];

/**
 * Smaller answers go out as they are: they reach a phone in the same first round trip either way (TCP's initial
 * window is about 14 KB), so compressing them costs the server CPU and saves the customer nothing noticeable.
 */
export const MIN_COMPRESSED_BYTES = 4096;
/** Up to this size an answer held in memory is compressed in one call (tens of µs), not through a stream (hundreds). */
const MAX_SYNC_BYTES = 64 * 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ENCODINGS,
    threshold: MIN_COMPRESSED_BYTES,
    syncThreshold: MAX_SYNC_BYTES,
    // Quality 4 with a 64 KB window: most of brotli's gain on JSON for a fraction of its default effort.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 16 } },
    zlibOptions: { level: 6 },
  });
}

const negotiator = new Negotiator<ContentEncoding>({ supportedValues: ENCODINGS });

/** The encoding to answer with, from the request's Accept-Encoding (q-values and `*` honoured), or none. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  return header ? negotiator.negotiate(header) : null;
}

/** Adds Accept-Encoding to the response's Vary header (a cache must keep one copy per encoding). */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader("vary") ?? "");
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
}
