import Razorpay from "razorpay";
import type { DbOrTx } from "@mithai/db/client";
import { queryScopeOf } from "@mithai/db/query-observer";
import type { ApiConfig } from "../context";
import { AppError } from "../errors";

/** The SDK version whose internals `createRazorpayClient` relies on in sandbox mode (see razorpay-client.test.ts). */
export const PINNED_RAZORPAY_VERSION = "2.9.8";

/** Path under which this server answers as Razorpay's API in sandbox mode; the SDK adds `/v1/...`. */
export const SANDBOX_API_PREFIX = "/sandbox/razorpay";

/**
 * How long a call to Razorpay may take. The SDK's HTTP client has no timeout of its own: a provider that accepts the
 * connection and never answers would hold the customer's checkout or the admin's refund open forever. Past this, the
 * call fails like any unanswered one (checkout: "not answering, try again"; a refund stays pending and is looked up).
 */
export const PROVIDER_TIMEOUT_MS = 20_000;

interface AxiosCall {
  method?: string;
  url?: string;
  [CALL_ENDS]?: ((outcome: ProviderCallOutcome) => void)[];
}

interface AxiosLike {
  defaults: { baseURL?: string; timeout?: number };
  interceptors: {
    request: { use(onFulfilled: (call: AxiosCall) => AxiosCall, onRejected: undefined, options: { synchronous: boolean }): unknown };
    response: { use<T>(onFulfilled: ((answer: T) => T) | undefined, onRejected: (error: unknown) => never): unknown };
  };
}

/** How a call to the provider ended: answered, refused (a 4xx: the provider said no), or no good answer (5xx, timeout, connection). */
export type ProviderCallOutcome = "ok" | "refused" | "error";

/**
 * Hears of every call to the provider as it starts (`operation` is the method and path, ids replaced: `POST
 * /v1/payments/{id}/refund`; `scope`, that of the database handle the call was made with, see `callProvider`) and
 * answers what to do when it ends: the server's metrics count and time them, its traces make a span of each. The SDK
 * clients are shared by the whole process, and so are the observers.
 */
export type ProviderCallObserver = (operation: string, scope: unknown) => (outcome: ProviderCallOutcome) => void;

const observers = new Set<ProviderCallObserver>();
const CALL_ENDS = Symbol("provider call ends");

/** Adds an observer of every provider call; the answer removes it. */
export function observeProviderCalls(observer: ProviderCallObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** `POST /v1/payments/{id}/refund` from the SDK's `/v1/payments/pay_Hx2…/refund`: one name per kind of call, whatever the ids. */
export function providerOperationOf(method: string | undefined, url: string | undefined): string {
  const path = (url ?? "").split("?")[0]!.replace(/\/[a-z]+_[A-Za-z0-9]+(?=\/|$)/g, "/{id}");
  return `${(method ?? "get").toUpperCase()} ${path}`;
}

/** Where a call is made from: the provider's settings, and the database handle of the work it is part of (see callProvider). */
export interface ProviderDeps {
  config: Pick<ApiConfig, "payments" | "internalUrl">;
  db?: DbOrTx;
}

/** The scope of the call being made (set by `callProvider` for the synchronous part of an SDK call). */
let callScope: unknown;

/**
 * One SDK call, made for the work `deps.db` belongs to: its observers learn that handle's scope (a traced request's
 * span, query-observer.ts), so the call becomes a span of that request. The SDK reaches its HTTP client's request
 * interceptor synchronously (it is registered as synchronous), so the scope is read before `call` returns.
 */
export function callProvider<T>(deps: ProviderDeps, call: (client: Razorpay) => Promise<T>): Promise<T> {
  const client = createRazorpayClient(deps.config);
  callScope = deps.db && queryScopeOf(deps.db);
  try {
    return call(client);
  } finally {
    callScope = undefined;
  }
}

function startCall(call: AxiosCall): AxiosCall {
  if (observers.size > 0) {
    const operation = providerOperationOf(call.method, call.url);
    call[CALL_ENDS] = [...observers].map((observer) => observer(operation, callScope));
  }
  return call;
}

function endCall(call: AxiosCall | undefined, outcome: ProviderCallOutcome): void {
  for (const end of call?.[CALL_ENDS] ?? []) end(outcome);
}

function outcomeOfFailure(error: unknown): ProviderCallOutcome {
  const status = (error as { response?: { status?: number } } | null)?.response?.status ?? 0;
  return status >= 400 && status < 500 ? "refused" : "error";
}

/**
 * The SDK reads `response.status` of every failure, so a call that got no answer (timed out, refused, dropped)
 * surfaced as "Cannot read properties of undefined". It becomes the SDK's own error shape instead: `statusCode` 0
 * (no HTTP answer; never a refusal) and a description saying what happened, for the logs and the admin's refund card.
 */
function answerlessAsProviderError(error: unknown): never {
  const failed = error as { response?: unknown; code?: unknown; message?: unknown } | null;
  if (failed?.response) throw error;
  const why = typeof failed?.code === "string" ? failed.code : typeof failed?.message === "string" ? failed.message : "no answer";
  const description = `the payment service did not answer (${why})`;
  throw Object.assign(new Error(description), { response: { status: 0, data: { error: { code: "NO_ANSWER", description } } } });
}

/**
 * The real Razorpay SDK. In sandbox mode its HTTP client is pointed at the fake this server hosts, so the
 * code path is the same as with real keys. The SDK has no option for the host or a timeout, hence the pinned
 * internals.
 */
export function createRazorpayClient(config: Pick<ApiConfig, "payments" | "internalUrl">): Razorpay {
  // One SDK instance (and so one HTTP client with its kept-alive connections) per set of keys and host.
  const cacheKey = [config.payments.mode, config.payments.keyId, config.payments.keySecret, config.internalUrl, config.payments.providerTimeoutMs].join("\u0000");
  let client = clients.get(cacheKey);
  if (!client) {
    client = newRazorpayClient(config);
    clients.set(cacheKey, client);
  }
  return client;
}

const clients = new Map<string, Razorpay>();

function newRazorpayClient(config: Pick<ApiConfig, "payments" | "internalUrl">): Razorpay {
  const client = new Razorpay({ key_id: config.payments.keyId, key_secret: config.payments.keySecret });
  const http = (client.api as unknown as { rq?: AxiosLike }).rq;
  if (!http?.defaults) throw new Error(`razorpay SDK internals changed (expected ${PINNED_RAZORPAY_VERSION}): api.rq is missing`);
  http.defaults.timeout = config.payments.providerTimeoutMs ?? PROVIDER_TIMEOUT_MS;
  // Synchronous: it runs within the SDK call itself, while `callProvider`'s scope is set.
  http.interceptors.request.use(startCall, undefined, { synchronous: true });
  http.interceptors.response.use(
    (answer: { config?: AxiosCall }) => {
      endCall(answer.config, "ok");
      return answer;
    },
    (error: unknown) => {
      endCall((error as { config?: AxiosCall } | null)?.config, outcomeOfFailure(error));
      throw error;
    },
  );
  http.interceptors.response.use(undefined, answerlessAsProviderError);
  if (config.payments.mode === "sandbox") http.defaults.baseURL = `${config.internalUrl}${SANDBOX_API_PREFIX}`;
  return client;
}

/** A payment as the provider reports it, reduced to what the shop needs. */
export interface ProviderPayment {
  id: string;
  razorpayOrderId: string;
  amountPaise: number;
  status: string;
  method: string | null;
}

/** Creates the provider's order for one of ours (receipt = our order id). */
export async function createProviderOrder(
  deps: ProviderDeps,
  order: { id: string; amountPaise: number; currency: string },
): Promise<string> {
  try {
    const created = await callProvider(deps, (client) =>
      client.orders.create({
        amount: order.amountPaise,
        currency: order.currency,
        receipt: order.id,
        notes: { orderId: order.id },
      }),
    );
    return created.id;
  } catch (cause) {
    throw new AppError("PROVIDER_UNAVAILABLE", "The payment service is not answering. Please try again in a minute.", { cause });
  }
}

export async function fetchProviderPayments(
  deps: ProviderDeps,
  razorpayOrderId: string,
): Promise<ProviderPayment[]> {
  const answer = await callProvider(deps, (client) => client.orders.fetchPayments(razorpayOrderId));
  return answer.items.map((payment) => ({
    id: payment.id,
    razorpayOrderId: payment.order_id,
    amountPaise: Number(payment.amount),
    status: payment.status,
    method: payment.method ?? null,
  }));
}
