import type { Language } from "@mithai/schema";
import { en } from "./en";
import { hi } from "./hi";
import { te } from "./te";
import type { MailStrings } from "./types";

export type { MailStrings, NotifiedStatus } from "./types";

/** The mails' sentences in each of the shop's languages (DECISIONS, "Languages"). */
export const MAIL_STRINGS: Record<Language, MailStrings> = { en, hi, te };
