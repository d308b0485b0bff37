import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AuthSession } from "@mithai/api/context";
import { AppError } from "@mithai/api/errors";
import { listCustomerOrders } from "@mithai/api/orders/history";
import { placeOrder } from "@mithai/api/orders/place";
import { verifyPayment } from "@mithai/api/orders/verify";
import { placeOrderInputSchema, verifyPaymentInputSchema } from "@mithai/schema/contracts/order";
import { contextFromRequest } from "../context";

async function requireCustomer(req: FastifyRequest): Promise<AuthSession> {
  const { auth } = await contextFromRequest(req, { allowTokenHeader: true });
  if (!auth) throw new AppError("UNAUTHORIZED", "Please log in to continue");
  return auth;
}

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid request");
  return parsed.data;
}

/**
 * SPEC §7 order calls. `place` reads only the address: the items and amount a client sends are ignored
 * (the server cart and current prices decide); `verify` reads only Razorpay's three fields.
 */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  app.post("/api/order/place", async (req) => {
    const auth = await requireCustomer(req);
    const { address } = parseBody(placeOrderInputSchema, req.body);
    return placeOrder(deps, auth.userId, address);
  });

  app.post("/api/order/verify", async (req, reply) => {
    const auth = await requireCustomer(req);
    const result = await verifyPayment(deps, auth.userId, parseBody(verifyPaymentInputSchema, req.body));
    return reply.status(result.success ? 200 : 400).send(result);
  });

  app.post("/api/order/userorders", async (req) => {
    const auth = await requireCustomer(req);
    return { success: true, data: await listCustomerOrders(deps.db, auth.userId) };
  });
}
