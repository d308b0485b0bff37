import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  addAddress,
  changePassword,
  getUserProfile,
  loginUser,
  logOut,
  registerUser,
  requestPasswordReset,
  resetPassword,
  signOutEverywhere,
  updateProfile,
} from "@mithai/api";
import type { Address } from "@mithai/schema";
import {
  addAddressAnswerSchema,
  addressInputSchema,
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  loginAnswerSchema,
  loginInputSchema,
  profileAnswerSchema,
  profileChangesSchema,
  registerAnswerSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  successMessageSchema,
} from "@mithai/schema";
import { contract } from "./contract";
import { customerRestContext, parseInput, restContext } from "./request";

/** The dashboard's add-address form names the PIN code `zip` (SPEC §3); checkout calls it `pincode`. */
const restAddressSchema = z.preprocess(
  (body) => (body && typeof body === "object" && !("pincode" in body) ? { ...body, pincode: (body as { zip?: unknown }).zip } : body),
  addressInputSchema,
);

/** Addresses as REST clients read them: with `zip` beside `pincode`. */
const withZip = (list: Address[]) => list.map((address) => ({ ...address, zip: address.pincode }));

const contracts = {
  register: contract({
    summary: "Create a customer account (an admin's token may create an admin)",
    tag: "Accounts",
    auth: "optional",
    body: registerInputSchema,
    answer: registerAnswerSchema,
    refusals: ["EMAIL_TAKEN", "FORBIDDEN", "RATE_LIMITED"],
  }),
  login: contract({ summary: "Sign in", tag: "Accounts", body: loginInputSchema, answer: loginAnswerSchema, refusals: ["BAD_CREDENTIALS", "RATE_LIMITED"] }),
  profile: contract({ summary: "The signed-in customer's profile and addresses", tag: "Accounts", auth: "customer", answer: profileAnswerSchema, refusals: ["NOT_FOUND"] }),
  updateProfile: contract({
    summary: "Change the profile (name, mobile, language): the same answer as reading it",
    tag: "Accounts",
    auth: "customer",
    body: profileChangesSchema,
    answer: profileAnswerSchema,
    refusals: ["NOT_FOUND"],
  }),
  addAddress: contract({
    summary: "Save an address (`zip` or `pincode`)",
    tag: "Accounts",
    auth: "customer",
    body: addressInputSchema.extend({ zip: z.string().optional() }).partial({ pincode: true }),
    answer: addAddressAnswerSchema,
    refusals: ["LIMIT_REACHED", "NOT_FOUND"],
  }),
  changePassword: contract({
    summary: "Change the password (other sessions are signed out; a new token is answered)",
    tag: "Accounts",
    auth: "customer",
    body: changePasswordInputSchema,
    answer: loginAnswerSchema,
    refusals: ["CURRENT_PASSWORD_WRONG", "RATE_LIMITED"],
  }),
  logout: contract({ summary: "Sign out this session", tag: "Accounts", auth: "customer", answer: successMessageSchema }),
  logoutAll: contract({ summary: "Sign out every session", tag: "Accounts", auth: "customer", answer: successMessageSchema }),
  forgotPassword: contract({ summary: "Mail a password reset link", tag: "Accounts", body: forgotPasswordInputSchema, answer: successMessageSchema, refusals: ["RATE_LIMITED"] }),
  resetPassword: contract({
    summary: "Choose a new password with a reset link's token",
    tag: "Accounts",
    body: resetPasswordInputSchema,
    answer: successMessageSchema,
    refusals: ["RESET_LINK_INVALID", "RATE_LIMITED"],
  }),
};

/** SPEC §7 account calls. REST clients may send the token as Bearer or in a bare `token` header. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.post("/api/user/register", { schema: contracts.register }, async (req) => {
    const result = await registerUser(await restContext(req), parseInput(registerInputSchema, req.body));
    return { success: true, token: result.token, message: result.message };
  });

  app.post("/api/user/login", { schema: contracts.login }, async (req) => {
    const result = await loginUser(await restContext(req), parseInput(loginInputSchema, req.body));
    return { success: true, token: result.token, role: result.role, message: result.message };
  });

  app.get("/api/user/profile", { schema: contracts.profile }, async (req) => {
    const { db, auth } = await customerRestContext(req);
    const profile = await getUserProfile(db, auth.userId);
    return { success: true, ...profile, addresses: withZip(profile.addresses) };
  });

  app.put("/api/user/profile", { schema: contracts.updateProfile }, async (req) => {
    const { db, auth } = await customerRestContext(req);
    const profile = await updateProfile(db, auth.userId, parseInput(profileChangesSchema, req.body));
    return { success: true, ...profile, addresses: withZip(profile.addresses) };
  });

  app.put("/api/user/add-address", { schema: contracts.addAddress }, async (req) => {
    const { db, auth } = await customerRestContext(req);
    const list = await addAddress(db, auth.userId, parseInput(restAddressSchema, req.body));
    return { success: true, message: "Address added successfully!", user: { addresses: withZip(list) } };
  });

  app.post("/api/user/change-password", { schema: contracts.changePassword }, async (req) => {
    const ctx = await customerRestContext(req);
    const result = await changePassword(ctx, parseInput(changePasswordInputSchema, req.body));
    return { success: true, token: result.token, role: result.role, message: result.message };
  });

  app.post("/api/user/logout", { schema: contracts.logout }, async (req) => {
    const { db, auth } = await customerRestContext(req);
    return { success: true, ...(await logOut({ db }, auth)) };
  });

  app.post("/api/user/logout-all", { schema: contracts.logoutAll }, async (req) => {
    const { db, auth } = await customerRestContext(req);
    return { success: true, ...(await signOutEverywhere({ db }, auth.userId)) };
  });

  app.post("/api/forgot-password", { schema: contracts.forgotPassword }, async (req) => {
    const { email } = parseInput(forgotPasswordInputSchema, req.body);
    return { success: true, ...(await requestPasswordReset(await restContext(req), email)) };
  });

  app.post("/api/reset-password", { schema: contracts.resetPassword }, async (req) => {
    const input = parseInput(resetPasswordInputSchema, req.body);
    return { success: true, ...(await resetPassword(await restContext(req), input)) };
  });
}
