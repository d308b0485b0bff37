import type { Db, Tx } from "@mithai/db/client";
import { isUniqueViolation } from "@mithai/db/errors";
import { and, asc, count, desc, eq, sql } from "@mithai/db/sql";
import { addresses, orders, users } from "@mithai/db/schema";
import { type Address, type AuthResult, MAX_SAVED_ADDRESSES, sameAddress, type UserProfile } from "@mithai/schema";
import type { AddressInput, Language, LoginInput, ProfileChanges, RegisterInput, Role, UpdateAddressInput } from "@mithai/schema";
import { signAuthToken } from "../auth/tokens";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { assertAdmin } from "../auth/guards";
import { networkOf } from "../rate-limit";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";

type AuthContext = Pick<RequestContext, "db" | "config" | "limits" | "auth" | "ip">;

// Serialises admin bootstraps so two simultaneous "first admin" sign-ups cannot both succeed.
const ADMIN_BOOTSTRAP_LOCK = 7_302_114_101;

const duplicateEmail = () => new AppError("EMAIL_TAKEN", "An account with this email already exists. Please log in instead.");

/**
 * Creates a customer, or an admin when DECISIONS allow it: while no admin exists (bootstrap), or
 * when the request carries a valid admin token. Otherwise 403 and nothing is created.
 */
export async function registerUser(ctx: AuthContext, input: RegisterInput): Promise<AuthResult> {
  await ctx.limits.registerPerIp.consume(networkOf(ctx.ip));
  const role: Role = input.role ?? "user";
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    if (role === "admin") await assertMayCreateAdmin(tx, ctx);
    // Signing up is agreeing to the terms (the form asks for the tick): recorded here, never asked again at login.
    return insertUser(tx, { name: input.name, email: input.email, passwordHash, role, language: input.language, termsAcceptedAt: new Date() });
  });
  const token = await signAuthToken({ userId, role }, ctx.config.jwtSecret);
  return { token, role, message: role === "admin" ? "Admin account created" : "Account created successfully" };
}

async function assertMayCreateAdmin(tx: Tx, ctx: AuthContext): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_BOOTSTRAP_LOCK})`);
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (!admin) return;
  try {
    await assertAdmin({ db: tx }, ctx.auth);
  } catch {
    throw new AppError("FORBIDDEN", "Admin registration is closed. Ask an existing admin to create your account.");
  }
}

/** An admin made from the command line (`npm run admin:create`): whoever runs it already holds the database. */
export async function createAdminAccount(db: Db, input: Omit<RegisterInput, "role">): Promise<{ userId: string }> {
  const passwordHash = await hashPassword(input.password);
  const userId = await insertUser(db, { name: input.name, email: input.email, passwordHash, role: "admin" });
  return { userId };
}

interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  /** English when the sign-up did not say. */
  language?: Language;
  termsAcceptedAt?: Date;
}

async function insertUser(db: Db | Tx, values: NewUser): Promise<string> {
  try {
    const [created] = await db.insert(users).values(values).returning({ id: users.id });
    return created!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

/**
 * The same answer for an unknown e-mail and a wrong password, in about the same time. Guessing is bounded
 * per network and per account+network (networkOf); nothing counts per account alone, so a stranger's wrong guesses never
 * lock the owner (signing in from elsewhere) out.
 */
export async function loginUser(ctx: AuthContext, input: LoginInput): Promise<AuthResult> {
  const network = networkOf(ctx.ip);
  const accountAtIp = `${input.email}|${network}`;
  // The point is taken before the password is checked (and given back on success), so logins sent all at once
  // never get more than the limit's count of passwords checked, on one server or several sharing Redis.
  await ctx.limits.loginFailuresPerAccountIp.consume(accountAtIp);
  await ctx.limits.loginPerIp.consume(network);
  const [user] = await ctx.db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  const passwordMatches = user ? await verifyPassword(user.passwordHash, input.password) : await burnPasswordCheck(input.password);
  if (!user || !passwordMatches) throw invalidCredentials();
  // A success gives its point back and forgets this network's failures for the account.
  await ctx.limits.loginFailuresPerAccountIp.clear(accountAtIp);
  const role = user.role;
  const token = await signAuthToken({ userId: user.id, role, tokenVersion: user.tokenVersion }, ctx.config.jwtSecret);
  return { token, role, message: "Login successful" };
}

const invalidCredentials = () => new AppError("BAD_CREDENTIALS", "Invalid email or password");

export async function getUserProfile(db: Db, userId: string): Promise<UserProfile> {
  const [user] = await db
    .select({ name: users.name, email: users.email, role: users.role, phoneNumber: users.phoneNumber, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw accountGone();
  const [saved, [latestOrder]] = await Promise.all([
    listAddresses(db, userId),
    db.select({ address: orders.address }).from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(1),
  ]);
  const lastUsed = latestOrder ? saved.find((address) => sameAddress(address, latestOrder.address)) : undefined;
  return { ...user, role: user.role, addresses: saved, lastUsedAddressId: lastUsed?._id ?? null };
}

export const accountGone = () => new AppError("UNAUTHENTICATED", "Your account no longer exists. Please sign up again.");

/** Saves one more address (at most MAX_SAVED_ADDRESSES) and answers the customer's whole list. */
export async function addAddress(db: Db, userId: string, input: AddressInput): Promise<Address[]> {
  return db.transaction(async (tx) => {
    // Locking the customer's row makes concurrent adds count one after another.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw accountGone();
    const [saved] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    if ((saved?.n ?? 0) >= MAX_SAVED_ADDRESSES) {
      throw new AppError("LIMIT_REACHED", `You can save at most ${MAX_SAVED_ADDRESSES} addresses.`);
    }
    await tx.insert(addresses).values({ userId, ...input });
    return listAddresses(tx, userId);
  });
}

/** Changes what the customer sent of their name, phone number and language (the rest stays); answers the whole profile. */
export async function updateProfile(db: Db, userId: string, changes: ProfileChanges): Promise<UserProfile> {
  const { name, phoneNumber, language } = changes;
  const [updated] = await db.update(users).set({ name, phoneNumber, language }).where(eq(users.id, userId)).returning({ id: users.id });
  if (!updated) throw accountGone();
  return getUserProfile(db, userId);
}

const addressNotFound = () => new AppError("NOT_FOUND", "This address is not among your saved addresses (it may have been deleted).");

/** Changes one of the customer's saved addresses; another customer's address id is answered as not found. */
export async function updateAddress(db: Db, userId: string, { id, ...input }: UpdateAddressInput): Promise<Address[]> {
  const [updated] = await db
    .update(addresses)
    .set(input)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (!updated) throw addressNotFound();
  return listAddresses(db, userId);
}

/** Deletes one of the customer's saved addresses (past orders keep the address they were sent to). */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<Address[]> {
  const [deleted] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (!deleted) throw addressNotFound();
  return listAddresses(db, userId);
}

async function listAddresses(db: Db | Tx, userId: string): Promise<Address[]> {
  const rows = await db
    .select({
      _id: addresses.id,
      street: addresses.street,
      city: addresses.city,
      state: addresses.state,
      pincode: addresses.pincode,
      country: addresses.country,
      mobile: addresses.mobile,
    })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
  return rows;
}
