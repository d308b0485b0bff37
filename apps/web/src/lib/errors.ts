import { TRPCClientError } from "@trpc/client";
import { isReasonCode, type ReasonCode } from "@mithai/schema";
import type { Language } from "@mithai/schema";

/** The Hindi or Telugu sentences for refusals (lib/reason-messages), loaded with the language; none in English. */
let refusals: typeof import("./reason-messages") | null = null;

export async function loadRefusalMessages(language: Language): Promise<void> {
  refusals = language === "en" ? null : await import("./reason-messages");
}

type ErrorData = { httpStatus?: number; code?: string; errors?: { path: string; message: string }[] } | undefined;

/**
 * Words for a refused request (a 4xx answer), or null when the request failed some other way (network down, server
 * error) and the caller should show its generic message. In English the server's own sentence (the most specific);
 * in Hindi and Telugu the translation chosen by the answer's reason `code`, naming a refused field in the language;
 * the server's sentence when the code has no translation.
 */
export function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as ErrorData;
  const status = data?.httpStatus;
  if (status === undefined || status < 400 || status >= 500 || !error.message) return null;
  // A refused field is named for tools ("address.pincode: …"); beside the form's field, its words alone read better.
  const first = data?.errors?.[0];
  const english = first?.path && error.message === `${first.path}: ${first.message}` ? first.message : error.message;
  return reasonText(isReasonCode(data?.code) ? data.code : undefined, english, first?.path);
}

/**
 * A refusal the server reported in an answer's data (a promo code the order page cannot use): in English the server's
 * own sentence, in Hindi and Telugu the translation chosen by its reason code (naming `fieldPath` in the language),
 * the server's sentence when the code has none.
 */
export function reasonText(code: ReasonCode | null | undefined, english: string, fieldPath?: string): string {
  if (!refusals || !code) return english;
  return refusals.reasonMessage(code, fieldPath ? refusals.fieldName(fieldPath) : undefined) ?? english;
}

/** The reason code of a refused or failed call ("UNAUTHENTICATED", "RATE_LIMITED", "STOCK_SHORT", ...), if the server gave one. */
export function errorCodeOf(error: unknown): ReasonCode | undefined {
  const code = error instanceof TRPCClientError ? (error.data as ErrorData)?.code : undefined;
  return isReasonCode(code) ? code : undefined;
}
