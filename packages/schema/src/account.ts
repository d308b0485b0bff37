import type { Role } from "./auth";

/** Customer account facts shared by server and browser (no zod here). */
export const MAX_SAVED_ADDRESSES = 20;
export const DEFAULT_COUNTRY = "India";

/** Indian PIN code: six digits, never starting with 0. */
export const PINCODE_PATTERN = "[1-9][0-9]{5}";
/** Indian mobile number: ten digits, optionally written with +91 in front. */
export const MOBILE_PATTERN = "(\\+91)?[0-9]{10}";

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
}

/** What register and login answer (SPEC §3 auth response). */
export interface AuthResult {
  token: string;
  role: Role;
  message: string;
}
