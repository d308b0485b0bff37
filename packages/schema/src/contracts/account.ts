import { z } from "./z";
import { DEFAULT_COUNTRY, MOBILE_MESSAGE, normalizeMobile, PINCODE_MESSAGE, PINCODE_PATTERN, withoutSeparators, type Address, type UserProfile } from "../account";
import { ROLES } from "../auth";
import { languageSchema } from "../languages";
import { emailSchema, passwordSchema } from "./auth";

const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const roleSchema = z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(", ")}` });

export const registerInputSchema = z.object({
  name: requiredText("Name", 100),
  email: emailSchema,
  password: passwordSchema,
  /** Only honoured as described in DECISIONS (first admin, or a request carrying an admin token). */
  role: roleSchema.optional(),
  /** The language of the page the customer signed up on: their mails' language until they choose another. */
  language: languageSchema.optional(),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const loginInputSchema = z.object({
  email: emailSchema,
  // Any length may be tried at login: the minimum applies when a password is chosen, not when it is checked.
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const forgotPasswordInputSchema = z.object({ email: emailSchema });

export const resetPasswordInputSchema = z.object({
  token: z.string({ message: "Reset token is required" }).trim().min(1, "Reset token is required").max(200, "Reset token is not valid"),
  newPassword: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const changePasswordInputSchema = z.object({
  currentPassword: z.string({ message: "Current password is required" }).min(1, "Current password is required").max(200, "Password is too long"),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const pincodeSchema = z
  .string({ message: "PIN code is required" })
  .transform(withoutSeparators)
  .pipe(z.string().regex(new RegExp(`^${PINCODE_PATTERN}$`), PINCODE_MESSAGE));

export const mobileSchema = z
  .string({ message: "Mobile number is required" })
  .transform(withoutSeparators)
  .refine((value) => normalizeMobile(value) !== null, MOBILE_MESSAGE)
  .transform((value) => normalizeMobile(value)!);

export const addressInputSchema = z.object({
  street: requiredText("Street", 300),
  city: requiredText("City", 100),
  state: requiredText("State", 100),
  pincode: pincodeSchema,
  country: z
    .string()
    .trim()
    .max(100, "Country is too long")
    .optional()
    .transform((value) => value || DEFAULT_COUNTRY),
  mobile: mobileSchema,
});
export type AddressInput = z.infer<typeof addressInputSchema>;

const addressIdSchema = z.uuid({ message: "id: the saved address's id is required" });

/** Changes a saved address (all its fields, as when adding one). */
export const updateAddressInputSchema = addressInputSchema.extend({ id: addressIdSchema });
export type UpdateAddressInput = z.infer<typeof updateAddressInputSchema>;

export const deleteAddressInputSchema = z.object({ id: addressIdSchema });

const phoneNumberSchema = z.union([z.literal(""), z.null(), mobileSchema], { message: MOBILE_MESSAGE }).transform((value) => value || null);

/**
 * The customer's own name and phone number (empty phone = none), and the language they read (unchanged when left out);
 * the e-mail is the sign-in name and stays.
 */
export const updateProfileInputSchema = z.object({
  name: requiredText("Name", 100),
  phoneNumber: phoneNumberSchema,
  language: languageSchema.optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

/** `PUT /api/user/profile`: any of name, phoneNumber and language (the switcher sends `{ language }` alone). */
export const profileChangesSchema = z
  .object({ name: requiredText("Name", 100).optional(), phoneNumber: phoneNumberSchema.optional(), language: languageSchema.optional() })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), { message: "Nothing to change: send name, phoneNumber or language" });
export type ProfileChanges = z.infer<typeof profileChangesSchema>;

export const addressSchema = z.object({
  _id: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  country: z.string(),
  mobile: z.string(),
}) satisfies z.ZodType<Address>;

export const userProfileSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  phoneNumber: z.string().nullable(),
  addresses: z.array(addressSchema),
  lastUsedAddressId: z.string().nullable(),
  language: languageSchema,
}) satisfies z.ZodType<UserProfile>;

export const authResultSchema = z.object({ token: z.string(), role: roleSchema, message: z.string() });

/** The customer's saved addresses, as every address change answers them. */
export const addressListSchema = z.array(addressSchema);

/** An answer that only says what happened ("Address removed"). */
export const messageAnswerSchema = z.object({ message: z.string() });

/** REST answers (SPEC §7). A bare `{ success, message }`: logout, password reset, consent and the like. */
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });
/** `POST /api/user/register`. */
export const registerAnswerSchema = z.object({ success: z.literal(true), token: z.string(), message: z.string() });
/** `POST /api/user/login` and `/api/user/change-password`: the token and the role (the admin app checks it). */
export const loginAnswerSchema = z.object({ success: z.literal(true), token: z.string(), role: roleSchema, message: z.string() });
/** An address as REST clients read it: the dashboard's form calls the PIN code `zip` (SPEC §3), so it comes beside `pincode`. */
export const restAddressSchema = addressSchema.extend({ zip: z.string() });
/** `GET /api/user/profile`. */
export const profileAnswerSchema = userProfileSchema.extend({ success: z.literal(true), addresses: z.array(restAddressSchema) });
/** `PUT /api/user/add-address`: every saved address. */
export const addAddressAnswerSchema = z.object({ success: z.literal(true), message: z.string(), user: z.object({ addresses: z.array(restAddressSchema) }) });
