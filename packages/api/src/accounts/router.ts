import type { TRPCRouterRecord } from "@trpc/server";
import {
  addressInputSchema,
  addressListSchema,
  authResultSchema,
  changePasswordInputSchema,
  deleteAddressInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  messageAnswerSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  updateAddressInputSchema,
  updateProfileInputSchema,
  userProfileSchema,
} from "@mithai/schema";
import { customerProcedure, publicProcedure } from "../trpc";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { logOut } from "./logout";
import { changePassword, signOutEverywhere } from "./sessions";
import { addAddress, deleteAddress, getUserProfile, loginUser, registerUser, updateAddress, updateProfile } from "./users";

export const authRouter = {
  register: publicProcedure.input(registerInputSchema).output(authResultSchema).mutation(({ ctx, input }) => registerUser(ctx, input)),
  login: publicProcedure.input(loginInputSchema).output(authResultSchema).mutation(({ ctx, input }) => loginUser(ctx, input)),
  forgotPassword: publicProcedure
    .input(forgotPasswordInputSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, input.email)),
  resetPassword: publicProcedure.input(resetPasswordInputSchema).output(messageAnswerSchema).mutation(({ ctx, input }) => resetPassword(ctx, input)),
} satisfies TRPCRouterRecord;

export const userRouter = {
  profile: customerProcedure.output(userProfileSchema).query(({ ctx }) => getUserProfile(ctx.db, ctx.auth.userId)),
  addAddress: customerProcedure
    .input(addressInputSchema)
    .output(addressListSchema)
    .mutation(({ ctx, input }) => addAddress(ctx.db, ctx.auth.userId, input)),
  updateProfile: customerProcedure
    .input(updateProfileInputSchema)
    .output(userProfileSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.db, ctx.auth.userId, input)),
  updateAddress: customerProcedure
    .input(updateAddressInputSchema)
    .output(addressListSchema)
    .mutation(({ ctx, input }) => updateAddress(ctx.db, ctx.auth.userId, input)),
  deleteAddress: customerProcedure
    .input(deleteAddressInputSchema)
    .output(addressListSchema)
    .mutation(({ ctx, input }) => deleteAddress(ctx.db, ctx.auth.userId, input.id)),
  changePassword: customerProcedure
    .input(changePasswordInputSchema)
    .output(authResultSchema)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),
  /** Ends this token's session only (mithai-admin logout); logoutAll ends every one. */
  logout: customerProcedure.output(messageAnswerSchema).mutation(({ ctx }) => logOut(ctx, ctx.auth)),
  logoutAll: customerProcedure.output(messageAnswerSchema).mutation(({ ctx }) => signOutEverywhere(ctx, ctx.auth.userId)),
} satisfies TRPCRouterRecord;
