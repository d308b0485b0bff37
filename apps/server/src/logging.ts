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
    transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname,reqId", singleLine: true } },
  };
}

/** What a person starting the shop needs to know, line by line. */
export function startMessage(env: Env, databaseKind: string): string[] {
  const lines = [`${env.shopName} is open at ${env.publicUrl} (database: ${databaseKind}, payments: ${env.payments.mode})`];
  if (env.payments.mode === "sandbox") lines.push("Payments are test payments (the sandbox): no money is taken.");
  lines.push(`Admin panel: ${env.publicUrl}/admin — the first admin signs up at ${env.publicUrl}/admin-register while no admin exists.`);
  if (!env.smtpUrl) lines.push(`Mail: no SMTP_URL, so every mail is written to ${env.outboxDir} (and a reset mail's link is logged).`);
  return lines;
}
