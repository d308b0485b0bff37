import type { Role } from "./auth";
import type { Language } from "./languages";

/** Customer account facts shared by server and browser (no zod here). */
export const MAX_SAVED_ADDRESSES = 20;
export const DEFAULT_COUNTRY = "India";

/** Indian PIN code: six digits, never starting with 0. */
export const PINCODE_PATTERN = "[1-9][0-9]{5}";
/** Indian mobile number: ten digits, written with 0, 91, +91 or 0091 in front or nothing (separators aside). */
export const MOBILE_PATTERN = "(?:\\+91|0091|91|0)?([0-9]{10})";
export const PINCODE_MESSAGE = "PIN code must be 6 digits and cannot start with 0";
export const MOBILE_MESSAGE = "Mobile number must be 10 digits, like 98450 12345 (0, 91 or +91 in front is fine)";
/** The format in words, shown under every mobile field. */
export const MOBILE_HINT = "10 digits, like 98450 12345; 0, 91 or +91 in front, spaces and dashes are fine.";

/** Spaces, dashes and brackets people type inside numbers ("+91 98450 12345", "(98450) 12-345") are ignored. */
export function withoutSeparators(value: string): string {
  return value.replace(/[\s\-()]/g, "");
}

/**
 * What is wrong with a typed mobile number or PIN code, in words (null when the server will take it): the
 * forms check with the same rule the contracts apply, so a field never refuses what the server accepts.
 */
export function mobileProblem(value: string): string | null {
  return normalizeMobile(value) === null ? MOBILE_MESSAGE : null;
}

/**
 * A mobile number as stored (DECISIONS "The shopper's next step"): `+91` and its 10 digits, however it was written
 * ("098450 12345", "91 98450 12345", "+91-98450-12345", "9845012345"); null when it is not one.
 */
export function normalizeMobile(value: string): string | null {
  const match = new RegExp(`^${MOBILE_PATTERN}$`).exec(withoutSeparators(value).replace(/\./g, ""));
  return match ? `+91${match[1]!}` : null;
}

export function pincodeProblem(value: string): string | null {
  return new RegExp(`^${PINCODE_PATTERN}$`).test(withoutSeparators(value)) ? null : PINCODE_MESSAGE;
}

export interface Address {
  _id: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
  /** The ten digits, without +91. */
  mobile: string;
}

export interface UserProfile {
  name: string;
  email: string;
  role: Role;
  phoneNumber: string | null;
  addresses: Address[];
  /** The saved address the customer's latest order went to (checkout chooses it first); null when none did. */
  lastUsedAddressId: string | null;
  /** The language the customer reads (DECISIONS, "Languages"): their pages and mails. */
  language: Language;
}

type AddressFacts = Pick<Address, "street" | "city" | "pincode" | "mobile">;

/**
 * Whether two addresses are the same place and number, however they were typed (case, spaces, "+91"): how
 * checkout knows an address is already saved, and the server which saved address an order went to.
 */
export function sameAddress(a: AddressFacts, b: AddressFacts): boolean {
  const text = (value: string) => value.trim().replace(/\s+/g, " ").toLowerCase();
  const digits = (value: string) => withoutSeparators(value).slice(-10);
  return text(a.street) === text(b.street) && text(a.city) === text(b.city) && withoutSeparators(a.pincode) === withoutSeparators(b.pincode) && digits(a.mobile) === digits(b.mobile);
}

/** What register and login answer (SPEC §3 auth response). */
export interface AuthResult {
  token: string;
  role: Role;
  message: string;
}
