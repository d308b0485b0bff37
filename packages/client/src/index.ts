import { TRPCClientError, createTRPCClient, httpBatchLink, httpLink, isNonJsonSerializable, splitLink, type TRPCClient } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@mithai/api";
import { TRPC_MAX_BATCH_SIZE } from "@mithai/schema";
import type { Category, ItemTranslations } from "@mithai/schema";

export type { AppRouter };
/** CSV fields and lines as the shop writes them (RFC 4180; formula-looking text gets a leading apostrophe). */
export { csvField, csvLine } from "@mithai/schema";
/** Rupees as the shop writes them everywhere ("₹1,28,000", "₹580.50"). */
export { formatRupees } from "@mithai/schema";
/** A moment on the shop's clock (Asia/Kolkata, IST), "2026-11-24 17:42"; SHOP_TIME_ZONE for Intl formats. */
export { SHOP_TIME_ZONE, shopDateTime } from "@mithai/schema";
export type MithaiClient = TRPCClient<AppRouter>;
/** What each procedure takes, e.g. `RouterInputs["admin"]["orders"]`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** What each procedure answers, e.g. `RouterOutputs["admin"]["todaySales"]`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export interface MithaiClientOptions {
  /** The shop's base URL, e.g. http://localhost:3000 (the client talks to `<url>/trpc`). */
  url: string;
  /** A customer or admin token, sent as `Authorization: Bearer <token>`. */
  token?: string;
  fetch?: typeof globalThis.fetch;
}

/**
 * A typed tRPC client for internal tools and scripts. JSON calls are batched (at most as many per request as the
 * server takes); a FormData input (`admin.addFood`, `admin.editFood`: an item with its picture) goes alone as
 * multipart/form-data. `admin.addFood` sends an `Idempotency-Key` (pass the same one in `context.idempotencyKey` when
 * retrying an add whose answer was lost: it is added once).
 */
export function createMithaiClient({ url, token, fetch }: MithaiClientOptions): MithaiClient {
  const endpoint = `${url.replace(/\/+$/, "")}/trpc`;
  const headers = () => (token ? { authorization: `Bearer ${token}` } : {});
  // Every item add carries an Idempotency-Key: the caller's (`mutate(form, { context: { idempotencyKey } })`, the
  // same for each retry of one add), else a fresh one. The shop answers a repeated key with the first add's item.
  const formHeaders = ({ op }: { op: { path: string; context: Record<string, unknown> } }) => {
    if (op.path !== "admin.addFood") return headers();
    const given = op.context.idempotencyKey;
    return { ...headers(), "idempotency-key": typeof given === "string" ? given : crypto.randomUUID() };
  };
  const transport = fetch ? { fetch } : {};
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        true: httpLink({ url: endpoint, headers: formHeaders, ...transport }),
        false: httpBatchLink({ url: endpoint, maxItems: TRPC_MAX_BATCH_SIZE, headers, ...transport }),
      }),
    ],
  });
}

export interface SignedIn {
  token: string;
  role: "user" | "admin";
  /** A client that sends the new token on every call. */
  client: MithaiClient;
}

/** Signs in with e-mail and password (`auth.login`) and answers the token and a client that uses it. */
export async function signIn(options: Omit<MithaiClientOptions, "token"> & { email: string; password: string }): Promise<SignedIn> {
  const { email, password, ...connection } = options;
  const { token, role } = await createMithaiClient(connection).auth.login.mutate({ email, password });
  return { token, role, client: createMithaiClient({ ...connection, token }) };
}

/** Signs in and insists on an admin account (a customer's token would be refused by every `admin.*` call). */
export async function signInAdmin(options: Omit<MithaiClientOptions, "token"> & { email: string; password: string }): Promise<SignedIn> {
  const session = await signIn(options);
  if (session.role !== "admin") throw new MithaiError("This account is not an admin", 403, "FORBIDDEN", []);
  return session;
}

/**
 * A refused or failed call: the HTTP status, the reason code (`STOCK_SHORT`, `PROMO_EXPIRED`, … as the shop's API docs
 * list them; `NETWORK` when the shop never answered), the message the server wrote, and every failing field. Act on the
 * code, never on the message.
 */
export class MithaiError extends Error {
  override readonly name = "MithaiError";
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fieldErrors: { path: string; message: string }[],
  ) {
    super(message);
  }
}

/**
 * Any error a call rejected with, as a MithaiError (status 0 and code "NETWORK" when the shop never answered).
 * `catch (error) { const e = toMithaiError(error); if (e.status === 404) … }`
 */
export function toMithaiError(error: unknown): MithaiError {
  if (error instanceof MithaiError) return error;
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<AppRouter>).data as { httpStatus?: number; code?: string; errors?: { path: string; message: string }[] } | undefined;
    if (data?.httpStatus) return new MithaiError(error.message, data.httpStatus, data.code ?? "UNKNOWN", data.errors ?? []);
    return new MithaiError(`The shop did not answer: ${error.message}`, 0, "NETWORK", []);
  }
  return new MithaiError(error instanceof Error ? error.message : String(error), 0, "NETWORK", []);
}

/** The fields of an item as the add and edit calls take them (price in rupees, exactly two FAQ pairs). */
export interface FoodItemFields {
  name: string;
  description: string;
  /** Rupees per kg (a number, or the text a form sends). */
  price: number | string;
  category: Category;
  ingredients: string;
  benefits: string;
  /** Exactly the shop's number of questions, each with its answer. */
  faq: { question: string; answer: string }[];
  /** Empty or left out: made from the name. */
  slug?: string;
  metaTitle?: string;
  metaDescription?: string;
  metaKeywords?: string;
  googleTagHead?: string;
  googleTagBody?: string;
  /** For the GST invoice: an HSN code of 4 to 8 digits (default 21069099, sweetmeats). */
  hsn?: string;
  /** GST in percent (default 5). */
  gstRate?: number;
  /** Kilograms left to sell; null: not tracked; left out of an edit: unchanged. */
  stockKg?: number | null;
  /** The item's Hindi and Telugu fields (`{ hi?: { name, description, ingredients, healthBenefits, faq }, te?: … }`); left out of an edit: unchanged; `{}` removes them. */
  translations?: ItemTranslations;
}

/**
 * The FormData `admin.addFood` and `admin.editFood` take, from typed fields: `faq` travels as JSON text, the picture
 * as the `image` file (required to add, optional to edit), and `id` names the item to edit.
 */
export function foodItemForm(fields: FoodItemFields, image?: Blob | null, id?: string): FormData {
  const form = new FormData();
  if (id !== undefined) form.append("id", id);
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    // null clears a field that may be empty (stockKg: not tracked); the form carries it as an empty value.
    if (value === null) {
      form.append(name, "");
      continue;
    }
    form.append(name, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  if (image) form.append("image", image, "image");
  return form;
}

/** Every page of `admin.ordersCsv` in turn: joined, they are the whole CSV (header first) for those filters. */
export async function* exportOrdersCsv(client: MithaiClient, filters: Omit<RouterInputs["admin"]["ordersCsv"], "cursor"> = {}): AsyncGenerator<string> {
  let cursor: string | undefined;
  do {
    const page = await client.admin.ordersCsv.query({ ...filters, cursor });
    yield page.csv;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

export { fetchAdminDocument, type AdminDocument } from "./documents";
