import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";

export const OPENAPI_PATH = "/api/openapi.json";
export const API_DOCS_PATH = "/api/docs";

/** The reference page's own policy: Swagger UI's scripts and styles, from this server only. */
const DOCS_CSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// A contract's preprocessed or custom-checked field (a form's number as text) is documented by its meta, not refused.
const zodToJsonConfig = { unrepresentable: "any" } as const;
const zodTransform = createJsonSchemaTransform({ skipList: [], zodToJsonConfig });

/** `POST /api/user/login` → `postUserLogin`, `GET /api/food/item/:id` → `getFoodItemById`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "")
    .split("/")
    .flatMap((part) => (part.startsWith(":") ? ["by", part.slice(1)] : part.split(/[-.]/)));
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join("");
}

/**
 * The documented `/api` paths as OpenAPI 3.1, made by @fastify/swagger from the routes' own contracts (rest/contract.ts):
 * a route without a contract's tag is left out. Served at /api/openapi.json, and read at /api/docs with Swagger UI,
 * whose files come from npm and are loaded on that page only. Registered before the routes, whose schemas it collects.
 */
export const openApiPlugin = fastifyPlugin(
  async (app: FastifyInstance, opts: { shopName: string; publicUrl: string }) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: `${opts.shopName} API`,
          version: "1.0.0",
          description:
            "The shop's documented `/api` paths (SPEC §7). Money is in rupees as numbers unless a field says paise. A refusal answers " +
            "`{ success: false, code, message }` with a stable reason `code`; a refused input also names each field in `errors`.",
          license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
        },
        servers: [{ url: opts.publicUrl }],
        components: {
          securitySchemes: {
            bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The token of /api/user/login or /api/user/register." },
            tokenHeader: { type: "apiKey", in: "header", name: "token", description: "The same token in a bare `token` header, as older clients send it." },
          },
        },
      },
      hideUntagged: true,
      transform: (document) => {
        const transformed = zodTransform(document);
        const { route } = document;
        const method = Array.isArray(route.method) ? route.method[0]! : route.method;
        return { ...transformed, schema: { ...transformed.schema, operationId: operationIdOf(method, document.url) } };
      },
      transformObject: createJsonSchemaTransformObject({ zodToJsonConfig }),
    });

    app.register(async (docs) => {
      docs.get(OPENAPI_PATH, { schema: { hide: true } }, async (_req, reply) => reply.header("cache-control", "no-cache").send(app.swagger()));
      await docs.register(fastifySwaggerUi, {
        routePrefix: API_DOCS_PATH,
        staticCSP: DOCS_CSP,
        uiConfig: { deepLinking: true },
        theme: { title: `${opts.shopName} API` },
      });
    });
  },
  { name: "mithai-openapi", fastify: "5.x" },
);
