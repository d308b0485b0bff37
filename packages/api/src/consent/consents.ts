import type { Db } from "@mithai/db/client";
import { consents } from "@mithai/db/schema";
import type { ConsentStatus } from "@mithai/schema";

const USER_AGENT_MAX_LENGTH = 512;

export interface ConsentRecord {
  consentStatus: ConsentStatus;
  /** The address the server saw the request come from; never one the client reports (DECISIONS). */
  ip: string;
  userAgent: string;
}

/** Keeps a visitor's cookie consent with where and when it was given. */
export async function recordConsent(db: Db, record: ConsentRecord): Promise<void> {
  await db.insert(consents).values({
    consentStatus: record.consentStatus,
    ip: record.ip,
    userAgent: record.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
  });
}
