import { t } from "@lingui/core/macro";
import { mobileProblem as englishMobileProblem, pincodeProblem as englishPincodeProblem } from "@mithai/schema";

/**
 * The server's own rules for a mobile number and a PIN code (packages/schema/src/account.ts), said in the page's language
 * under the field.
 */
export const mobileProblem = (value: string): string | null =>
  englishMobileProblem(value) === null ? null : t`Mobile number must be 10 digits, like 98450 12345 (0, 91 or +91 in front is fine)`;

export const pincodeProblem = (value: string): string | null => (englishPincodeProblem(value) === null ? null : t`PIN code must be 6 digits and cannot start with 0`);

export const mobileHint = (): string => t`10 digits, like 98450 12345; 0, 91 or +91 in front, spaces and dashes are fine.`;
