import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CatalogSnapshot, RequestContext } from "@mithai/api";
import { appRouter } from "@mithai/api";
import { DEFAULT_LANGUAGE, foodListAnswerSchema, isLanguage, type Language, LANGUAGES } from "@mithai/schema";
import { catalogListAnswer, REST_CATALOG_LIST_URL } from "../rest/catalog";
import { negotiateEncoding, varyOnEncoding } from "./compression";

/** The storefront's catalogue query, as its own GET (see apps/web/src/lib/trpc.ts). */
export const TRPC_CATALOG_LIST_URL = "/trpc/catalog.list";

/** The same query in a language, as tRPC's link writes it (`?input=` the URI-encoded JSON `{"lang":"hi"}`). */
export const trpcCatalogListUrl = (lang: Language) => (lang === DEFAULT_LANGUAGE ? TRPC_CATALOG_LIST_URL : `${TRPC_CATALOG_LIST_URL}?input=${encodeURIComponent(JSON.stringify({ lang }))}`);
const TRPC_LIST_LANGUAGES = new Map(LANGUAGES.map((lang) => [trpcCatalogListUrl(lang), lang]));

/**
 * One answer made once: the JSON text and its ETag, and each compressed form once a client first asks for it (a
 * catalogue version in three languages, REST and tRPC, is twelve bodies; most versions are read in one or two).
 */
interface PreparedAnswer {
  json: string;
  etag: string;
  gzip(): Buffer;
  br(): Buffer;
}

interface CatalogAnswers {
  /** `GET /api/food/list` and `catalog.list` in each language. */
  rest: Record<Language, PreparedAnswer>;
  trpc: Record<Language, PreparedAnswer>;
}

/**
 * Every storefront page reads the whole catalogue. Serialised, hashed and compressed per request (tRPC's responseMeta,
 * @fastify/etag and @fastify/compress), the list cost 10 to 25 times the server CPU of this (npm run bench:catalogue:
 * about 1.4 ms per REST list and 3.2 ms per tRPC list, against 0.14 ms). So `GET /api/food/list` and the plain
 * `GET /trpc/catalog.list` are answered here from bodies made once per catalogue version (the REST list in each
 * `?lang=`, the tRPC query with `{ lang }`), with an ETag for 304s; the bodies are what the route and tRPC themselves
 * answer. Any other request (an unknown `lang`, another tRPC input) goes the standard way.
 */
export function registerCatalogAnswers(app: FastifyInstance): void {
  let prepared: { version: number; answers: Promise<CatalogAnswers> } | null = null;
  const answersFor = (snapshot: CatalogSnapshot) => {
    if (prepared?.version !== snapshot.version) {
      const answers = prepareAnswers(app, snapshot);
      const entry = { version: snapshot.version, answers };
      prepared = entry;
      answers.catch(() => {
        if (prepared === entry) prepared = null;
      });
    }
    return prepared.answers;
  };

  app.addHook("onRequest", (req, reply, done) => {
    const trpcLang = req.method === "GET" ? TRPC_LIST_LANGUAGES.get(req.url) : undefined;
    const restLang = isRestList(req) ? restListLanguage(req) : null;
    const pick = trpcLang ? (answers: CatalogAnswers) => answers.trpc[trpcLang] : restLang ? (answers: CatalogAnswers) => answers.rest[restLang] : null;
    if (!pick) return done();
    // If the catalogue cannot be read, the route or tRPC answers (and logs) the failure in its own shape.
    app.deps.catalog
      .snapshot()
      .then(answersFor)
      .then((answers) => sendPrepared(req, reply, pick(answers)), () => done());
  });
}

// HEAD is answered as its GET.
const isRestList = (req: FastifyRequest) => (req.method === "GET" || req.method === "HEAD") && req.routeOptions.url === REST_CATALOG_LIST_URL;

/** The list's `?lang=` (English without one); null for a value the route itself must refuse. Other parameters are ignored, as by the route. */
function restListLanguage(req: FastifyRequest): Language | null {
  const lang = (req.query as Record<string, unknown>).lang;
  if (lang === undefined) return DEFAULT_LANGUAGE;
  return isLanguage(lang) ? lang : null;
}

async function prepareAnswers(app: FastifyInstance, snapshot: CatalogSnapshot): Promise<CatalogAnswers> {
  // Through the route's answer contract, as the route itself would serialise it.
  const answer = (lang: Language) => JSON.stringify(foodListAnswerSchema.encode(catalogListAnswer(snapshot.languages[lang].items)));
  const rest = Object.fromEntries(LANGUAGES.map((lang) => [lang, prepare(answer(lang))])) as Record<Language, PreparedAnswer>;
  const trpc = Object.fromEntries(await Promise.all(LANGUAGES.map(async (lang) => [lang, prepare(await trpcCatalogList(app, snapshot, lang))] as const))) as Record<Language, PreparedAnswer>;
  return { rest, trpc };
}

/** The query's answer as tRPC writes it, resolved by tRPC itself on this very snapshot. */
async function trpcCatalogList(app: FastifyInstance, snapshot: CatalogSnapshot, lang: Language): Promise<string> {
  const catalog = { ...app.deps.catalog, snapshot: () => Promise.resolve(snapshot) };
  const response = await fetchRequestHandler({
    endpoint: "/trpc",
    req: new Request(`http://localhost${trpcCatalogListUrl(lang)}`),
    router: appRouter,
    createContext: (): RequestContext => ({ ...app.deps, catalog, auth: null, ip: "127.0.0.1", userAgent: "" }),
  });
  if (!response.ok) throw new Error(`tRPC answered the catalogue query with ${response.status}`);
  return response.text();
}

function prepare(json: string): PreparedAnswer {
  return {
    json,
    etag: `"${createHash("sha1").update(json).digest("base64url")}"`,
    gzip: once(() => gzipSync(json, { level: 9 })),
    br: once(() => brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })),
  };
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * 304 when the client holds this version, otherwise the stored brotli, gzip or plain form. Always revalidated
 * (no-cache), so an admin's change shows on the next read.
 */
function sendPrepared(req: FastifyRequest, reply: FastifyReply, prepared: PreparedAnswer): FastifyReply {
  reply.header("etag", prepared.etag).header("cache-control", "no-cache");
  varyOnEncoding(reply);
  if (req.headers["if-none-match"] === prepared.etag) return reply.status(304).send();
  reply.type("application/json; charset=utf-8");
  const encoding = negotiateEncoding(req.headers["accept-encoding"]);
  if (encoding === "br") return reply.header("content-encoding", "br").send(prepared.br());
  if (encoding === "gzip") return reply.header("content-encoding", "gzip").send(prepared.gzip());
  return reply.send(prepared.json);
}
