import type { FastifyInstance } from "fastify";
import { recordConsent } from "@mithai/api/consent/consents";
import { createRateLimiter } from "@mithai/api/rate-limit";
import { consentRequestSchema } from "@mithai/schema/contracts/consent";
import { parseInput } from "./request";

/** SPEC §7 `POST /api/consent`: the cookie banner's Accept. The IP recorded is the one the server sees. */
export async function consentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  // A banner sends one call per visitor; anything far beyond that from one address is a script filling the table.
  const limiter = createRateLimiter({ windowMs: 60_000, max: 10, message: "Too many consent requests. Please try again in a minute." });

  app.post("/api/consent", async (req) => {
    limiter.hit(req.ip);
    const { consentStatus } = parseInput(consentRequestSchema, req.body);
    await recordConsent(db, { consentStatus, ip: req.ip, userAgent: req.headers["user-agent"] ?? "" });
    return { success: true, message: "Consent recorded" };
  });
}
