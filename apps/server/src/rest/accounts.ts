import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requestPasswordReset, resetPassword } from "@mithai/api/accounts/password-reset";
import { changePassword, signOutEverywhere } from "@mithai/api/accounts/sessions";
import { addAddress, getUserProfile, loginUser, registerUser } from "@mithai/api/accounts/users";
import type { Address } from "@mithai/schema/account";
import {
  addressInputSchema,
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
} from "@mithai/schema/contracts/account";
import { customerRestContext, parseInput, restContext } from "./request";

/** The dashboard's add-address form names the PIN code `zip` (SPEC §3); checkout calls it `pincode`. */
const restAddressSchema = z.preprocess(
  (body) => (body && typeof body === "object" && !("pincode" in body) ? { ...body, pincode: (body as { zip?: unknown }).zip } : body),
  addressInputSchema,
);

/** Addresses as REST clients read them: with `zip` beside `pincode`. */
const withZip = (list: Address[]) => list.map((address) => ({ ...address, zip: address.pincode }));

/** SPEC §7 account calls. REST clients may send the token as Bearer or in a bare `token` header. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.post("/api/user/register", async (req) => {
    const result = await registerUser(await restContext(req), parseInput(registerInputSchema, req.body));
    return { success: true, token: result.token, message: result.message };
  });

  app.post("/api/user/login", async (req) => {
    const result = await loginUser(await restContext(req), parseInput(loginInputSchema, req.body));
    return { success: true, token: result.token, role: result.role, message: result.message };
  });

  app.get("/api/user/profile", async (req) => {
    const { db, auth } = await customerRestContext(req);
    const profile = await getUserProfile(db, auth.userId);
    return { success: true, ...profile, addresses: withZip(profile.addresses) };
  });

  app.put("/api/user/add-address", async (req) => {
    const { db, auth } = await customerRestContext(req);
    const list = await addAddress(db, auth.userId, parseInput(restAddressSchema, req.body));
    return { success: true, message: "Address added successfully!", user: { addresses: withZip(list) } };
  });

  app.post("/api/user/change-password", async (req) => {
    const ctx = await customerRestContext(req);
    const result = await changePassword(ctx, parseInput(changePasswordInputSchema, req.body));
    return { success: true, token: result.token, role: result.role, message: result.message };
  });

  app.post("/api/user/logout-all", async (req) => {
    const { db, auth } = await customerRestContext(req);
    return { success: true, ...(await signOutEverywhere({ db }, auth.userId)) };
  });

  app.post("/api/forgot-password", async (req) => {
    const { email } = parseInput(forgotPasswordInputSchema, req.body);
    return { success: true, ...(await requestPasswordReset(await restContext(req), email)) };
  });

  app.post("/api/reset-password", async (req) => {
    const input = parseInput(resetPasswordInputSchema, req.body);
    return { success: true, ...(await resetPassword(await restContext(req), input)) };
  });
}
