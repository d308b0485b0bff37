import type { Role } from "./auth";

/** Customer account facts shared by server and browser (no zod here). */
export const MAX_SAVED_ADDRESSES = 20;
export const DEFAULT_COUNTRY = "India";

/** Indian PIN code: six digits, never starting with 0. */
export const PINCODE_PATTERN = "[1-9][0-9]{5}";
/** Indian mobile number: ten digits, optionally written with +91 in front. */
export const MOBILE_PATTERN = "(\\+91)?[0-9]{10}";
export const PINCODE_MESSAGE = "PIN code must be 6 digits and cannot start with 0";
export const MOBILE_MESSAGE = "Mobile number must be 10 digits, optionally with +91";

/** Spaces, dashes and brackets people type inside numbers ("+91 98450 12345", "(98450) 12-345") are ignored. */
export function withoutSeparators(value: string): string {
  return value.replace(/[\s\-()]/g, "");
}

/**
 * What is wrong with a typed mobile number or PIN code, in words (null when the server will take it): the
 * forms check with the same rule the contracts apply, so a field never refuses what the server accepts.
 */
export function mobileProblem(value: string): string | null {
  return new RegExp(`^${MOBILE_PATTERN}$`).test(withoutSeparators(value)) ? null : MOBILE_MESSAGE;
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
