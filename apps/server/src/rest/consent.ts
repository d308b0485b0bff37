import type { FastifyInstance } from "fastify";
import { networkOf, recordConsent } from "@mithai/api";
import { consentRequestSchema, successMessageSchema } from "@mithai/schema";
import { contract } from "./contract";

const consentContract = contract({
  summary: "Record the cookie banner's Accept",
  tag: "Consent",
  body: consentRequestSchema,
  answer: successMessageSchema,
  refusals: ["RATE_LIMITED"],
});
import { parseInput } from "./request";

/** SPEC §7 `POST /api/consent`: the cookie banner's Accept. The IP recorded is the one the server sees. */
export async function consentRoutes(app: FastifyInstance): Promise<void> {
  const { db, limits } = app.deps;

  app.post("/api/consent", { schema: consentContract }, async (req) => {
    await limits.consentPerIp.consume(networkOf(req.ip));
    const { consentStatus } = parseInput(consentRequestSchema, req.body);
    await recordConsent(db, { consentStatus, ip: req.ip, userAgent: req.headers["user-agent"] ?? "" });
    return { success: true, message: "Consent recorded" };
  });
}
