import type { FastifyInstance } from "fastify";
import { AppError, listSandboxMessages } from "@mithai/api";
import { SANDBOX_WHATSAPP_MESSAGES_PATH } from "@mithai/schema";

/**
 * The WhatsApp sandbox's list (DECISIONS "The shopper's next step"): the messages the shop would have sent, for the
 * /sandbox/whatsapp page. Only a shop in sandbox mode answers it; a production shop (or one sending through the Cloud
 * API) refuses it with 404, so customers' numbers are never listed where customers are served.
 */
export async function sandboxWhatsappRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  app.get(SANDBOX_WHATSAPP_MESSAGES_PATH, async (_req, reply) => {
    if (config.whatsapp.mode !== "sandbox") {
      throw new AppError(
        "NOT_FOUND",
        config.whatsapp.mode === "cloud"
          ? "There is no WhatsApp sandbox: this shop sends WhatsApp messages through the Cloud API"
          : "There is no WhatsApp sandbox in production",
      );
    }
    void reply.header("cache-control", "no-store");
    return { messages: await listSandboxMessages(db) };
  });
}
