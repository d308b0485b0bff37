import { z } from "zod";

/**
 * zod, with the shop's own words for every check a contract does not word itself: contracts import `z` from here,
 * so no answer ever reads like the validator's defaults ("Invalid input: expected string, received undefined").
 * A contract's own message always wins over these.
 */
type Issue = z.core.$ZodRawIssue;

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object with its fields",
  array: "a list",
  bigint: "a whole number",
  date: "a date",
};

const FORMAT_WORDS: Record<string, string> = {
  uuid: "a valid id (a UUID)",
  email: "an e-mail address",
  url: "a web address (URL)",
  date: "a date like 2025-10-20",
  datetime: "a date and time like 2025-10-20T10:30:00Z",
  regex: "in the expected format",
};

export function shopMessage(issue: Issue): string | undefined {
  const raw = issue;
  switch (issue.code) {
    case "invalid_type": {
      const expected = typeof raw.expected === "string" ? raw.expected : "";
      if (raw.input === undefined) return "required";
      return `must be ${TYPE_WORDS[expected] ?? expected}`;
    }
    case "too_small": {
      const min = Number(raw.minimum);
      if (raw.origin === "string") return min <= 1 ? "must not be empty" : `must be at least ${min} characters`;
      if (raw.origin === "array" || raw.origin === "set") return `must have at least ${min} ${min === 1 ? "item" : "items"}`;
      return raw.inclusive === false ? `must be more than ${min}` : `must be at least ${min}`;
    }
    case "too_big": {
      const max = Number(raw.maximum);
      if (raw.origin === "string") return `must be at most ${max} characters`;
      if (raw.origin === "array" || raw.origin === "set") return `must have at most ${max} items`;
      return raw.inclusive === false ? `must be less than ${max}` : `must be at most ${max}`;
    }
    case "invalid_format":
      return `must be ${FORMAT_WORDS[String(raw.format)] ?? "in the expected format"}`;
    case "invalid_value":
      return Array.isArray(raw.values) ? `must be one of: ${(raw.values as unknown[]).map(String).join(", ")}` : "is not an accepted value";
    case "not_multiple_of":
      return `must be a multiple of ${String(raw.divisor)}`;
    case "unrecognized_keys":
      return `has fields this call does not take: ${(raw.keys as string[]).join(", ")}`;
    case "invalid_union":
      return "is not in any accepted form";
    case "invalid_key":
    case "invalid_element":
      return "holds a value that is not accepted";
    case "custom":
      return "is not valid";
    default:
      return undefined;
  }
}

z.config({ customError: shopMessage });

export { z };

/** One failing field: its path ("address.pincode", "items.1.quantity"; "" for the whole input) and what is expected. */
export interface FieldError {
  path: string;
  message: string;
}

/** Every failing field of a refused input, in the order the contract checks them. */
export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

/** "address.pincode: PIN code must be 6 digits…": the field named first, unless the message already starts with it. */
export function namedMessage({ path, message }: FieldError): string {
  if (!path || message.startsWith(`${path}:`) || message.startsWith(`${path} `)) return message;
  return `${path}: ${message}`;
}
