import type { FastifyInstance } from "fastify";
import { recordConsent } from "@mithai/api/consent/consents";
import { consentRequestSchema } from "@mithai/schema/contracts/consent";
import { parseInput } from "./request";

/** SPEC §7 `POST /api/consent`: the cookie banner's Accept. The IP recorded is the one the server sees. */
export async function consentRoutes(app: FastifyInstance): Promise<void> {
  const { db, limits } = app.deps;

  app.post("/api/consent", async (req) => {
    await limits.consentPerIp.consume(req.ip);
    const { consentStatus } = parseInput(consentRequestSchema, req.body);
    await recordConsent(db, { consentStatus, ip: req.ip, userAgent: req.headers["user-agent"] ?? "" });
    return { success: true, message: "Consent recorded" };
  });
}
