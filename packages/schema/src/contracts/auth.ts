import { z } from "./z";
import { PASSWORD_MIN_LENGTH } from "../auth";

export const emailSchema = z
  .string({ message: "Email is required" })
  .trim()
  .toLowerCase()
  .max(254, "Email is too long")
  .pipe(z.email({ message: "Please enter a valid email" }));

export const passwordSchema = z
  .string({ message: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, "Password is too long");
