import type { FastifyInstance } from "fastify";
import { healthReport } from "@mithai/api";
import { healthReportAnswerSchema } from "@mithai/schema";
import { requireAdmin } from "./admin-http";
import { contract } from "./contract";

const healthContract = contract({ summary: "The shop's health: each part green, amber or red, with what to do", tag: "Admin", auth: "admin", answer: healthReportAnswerSchema });

/** The shop's health for an admin: each part green, amber or red with what to do (tRPC `admin.health` answers the same report). */
export async function adminHealthRoutes(app: FastifyInstance): Promise<void> {
  app.addHook("onRequest", requireAdmin);
  app.get("/api/admin/health", { schema: healthContract }, async () => ({ success: true, ...(await healthReport(app.deps)) }));
}
