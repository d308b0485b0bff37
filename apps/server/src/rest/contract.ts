import type { FastifySchema } from "fastify";
import { REASON_HTTP_STATUS, type ReasonCode, z } from "@mithai/schema";

/**
 * A REST route's contract, as its Fastify route schema: what it takes (body, query string, path parameters, each a
 * zod contract of @mithai/schema) and every answer it gives, the success and each refusal status with its reason
 * codes. The OpenAPI document (/api/openapi.json) is generated from these, and every answer is serialised through
 * its status's schema (plugins/route-schemas.ts), so the document, the routes and the answers cannot part ways.
 */
export interface RouteContract {
  summary: string;
  /** The reference's section. */
  tag: RestTag;
  /** customer: a signed-in customer (401 otherwise); admin: an admin (401/403); optional: a token changes the answer. */
  auth?: "customer" | "admin" | "optional";
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /** The success answer: a JSON schema for 200, or per status (201), or a file's media types. */
  answer: z.ZodType | Record<number, z.ZodType | FileAnswer>;
  /** The reasons this route refuses with, besides those every route may answer (VALIDATION, INTERNAL, DATABASE_UNAVAILABLE, and the auth ones). */
  refusals?: ReasonCode[];
  description?: string;
}

export type RestTag = "Catalogue" | "Accounts" | "Cart" | "Orders" | "Reviews" | "Kitchen" | "Consent" | "Payments" | "Admin";

/** A non-JSON answer (a PDF, a CSV file): its media types, each with the schema of a JSON alternative or binary bytes. */
export interface FileAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** The bytes of a file answer (a PDF, a CSV download). */
export const fileBytes = z.string().meta({ format: "binary" });

/** The refusal answer (SPEC §8): `{ success: false, code, message }`, `errors` naming each refused field, `requestId` on a 5xx. */
export function refusalSchema(codes: readonly ReasonCode[]) {
  return z.strictObject({
    success: z.literal(false),
    code: z.enum(codes as [ReasonCode, ...ReasonCode[]]),
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    requestId: z.string().optional(),
  });
}

/** Bearer first; older clients send the same token in a bare `token` header. */
export const TOKEN_SECURITY = [{ bearerAuth: [] }, { tokenHeader: [] }];

/** The Fastify route schema of a contract (see RouteContract). */
export function contract(route: RouteContract): FastifySchema {
  const codes = new Set<ReasonCode>(["VALIDATION", "INTERNAL", "DATABASE_UNAVAILABLE", ...(route.refusals ?? [])]);
  if (route.auth === "customer" || route.auth === "admin") codes.add("UNAUTHENTICATED");
  if (route.auth === "admin") codes.add("FORBIDDEN");
  if (route.body) {
    codes.add("PAYLOAD_TOO_LARGE");
    codes.add("UNSUPPORTED_MEDIA_TYPE");
  }
  const byStatus = new Map<number, ReasonCode[]>();
  for (const code of codes) {
    const status = REASON_HTTP_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const success = route.answer instanceof z.ZodType ? { 200: route.answer } : route.answer;
  const response: Record<number, unknown> = { ...success };
  for (const [status, reasons] of [...byStatus].sort(([a], [b]) => a - b)) {
    const refusal = refusalSchema(reasons);
    const answered = response[status];
    // A status that is also a declared answer (verify's unconfirmed payment is a 400 with its own shape) may be either;
    // a refusal's exact shape is tried first, so neither loses fields to the other.
    response[status] = (answered instanceof z.ZodType ? z.union([refusal, answered]) : refusal).meta({ description: `Refused: ${reasons.join(", ")}` });
  }
  return {
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    // A public call says so (an empty list), so no operation is left without its security stated.
    security: !route.auth ? [] : route.auth === "optional" ? [...TOKEN_SECURITY, {}] : TOKEN_SECURITY,
    ...(route.body ? { body: route.body } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    ...(route.params ? { params: route.params } : {}),
    response,
  } as FastifySchema;
}
