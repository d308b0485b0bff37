import { desc } from "@mithai/db/sql";
import { sandboxWhatsappMessages } from "@mithai/db/schema";
import type { SandboxWhatsappMessage } from "@mithai/schema";
import type { ApiDeps } from "../../context";
import type { WhatsappMessage } from "./templates";

/** How many messages the sandbox page lists (the newest). */
export const SANDBOX_WHATSAPP_LIST_SIZE = 100;

/** Sandbox mode's "send": the message is kept (once per outbox row) for the /sandbox/whatsapp page. */
export async function keepSandboxMessage(db: ApiDeps["db"], outboxId: string, message: WhatsappMessage): Promise<void> {
  await db
    .insert(sandboxWhatsappMessages)
    .values({ outboxId, to: message.to, template: message.template, text: message.text })
    .onConflictDoNothing({ target: sandboxWhatsappMessages.outboxId });
}

/** The sandbox's messages, newest first. */
export async function listSandboxMessages(db: ApiDeps["db"]): Promise<SandboxWhatsappMessage[]> {
  const rows = await db
    .select()
    .from(sandboxWhatsappMessages)
    .orderBy(desc(sandboxWhatsappMessages.at), desc(sandboxWhatsappMessages.id))
    .limit(SANDBOX_WHATSAPP_LIST_SIZE);
  return rows.map((row) => ({ to: row.to, template: row.template, text: row.text, at: row.at.toISOString() }));
}
