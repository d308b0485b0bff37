import type { FastifyServerOptions } from "fastify";
import type { Env } from "./env";

/**
 * The server's logger: readable lines (pino-pretty) when a person watches a terminal, one JSON object per line
 * otherwise — or as LOG_FORMAT says.
 */
export function loggerOptions(env: Pick<Env, "logLevel" | "logFormat">, isTerminal = Boolean(process.stdout.isTTY)): FastifyServerOptions["logger"] {
  const pretty = env.logFormat === "pretty" || (env.logFormat === "auto" && isTerminal);
  if (!pretty) return { level: env.logLevel };
  return {
    level: env.logLevel,
    transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", singleLine: true } },
  };
}

/**
 * What a person starting the shop needs to know, line by line: where it is, whether an admin exists (and so where to
 * sign in, or where the first admin signs up), where mails go.
 */
export function startMessage(env: Env, databaseKind: string, { adminExists }: { adminExists: boolean }): string[] {
  const lines = [`${env.shopName} is open at ${env.publicUrl} (database: ${databaseKind}, payments: ${env.payments.mode})`];
  if (env.payments.mode === "sandbox") lines.push("Payments are test payments (the sandbox): no money is taken.");
  lines.push(
    adminExists
      ? `Admin panel: ${env.publicUrl}/admin-login`
      : `No admin yet: the first admin signs up at ${env.publicUrl}/admin-register (or stop the shop and run npm run admin:create).`,
  );
  if (!env.smtpUrl) lines.push(`Mail: no SMTP_URL, so every mail is written to ${env.outboxDir} (and a reset mail's link is logged).`);
  return lines;
}

/** Where a running shop on this DATA_DIR says it is, so `npm run admin:create` can point at it (its pid, its address). */
export const SHOP_ADDRESS_FILE = "shop-address.json";

export interface ShopAddress {
  pid: number;
  url: string;
}
