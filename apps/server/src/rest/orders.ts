import type { FastifyInstance } from "fastify";
import { listCustomerOrders } from "@mithai/api/orders/history";
import { placeOrder } from "@mithai/api/orders/place";
import { verifyPayment } from "@mithai/api/orders/verify";
import { placeOrderInputSchema, verifyPaymentInputSchema } from "@mithai/schema/contracts/order";
import { customerRestContext, parseInput } from "./request";

/**
 * SPEC §7 order calls. `place` orders exactly the `items` sent (ids and quantities; without them, the server
 * cart) at current catalogue prices: a client's `amount`, `price` and `name` are ignored. `verify` reads only
 * Razorpay's three fields.
 */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  app.post("/api/order/place", async (req) => {
    const ctx = await customerRestContext(req);
    return placeOrder(ctx, ctx.auth.userId, parseInput(placeOrderInputSchema, req.body));
  });

  app.post("/api/order/verify", async (req, reply) => {
    const ctx = await customerRestContext(req);
    const result = await verifyPayment(ctx, ctx.auth.userId, parseInput(verifyPaymentInputSchema, req.body));
    return reply.status(result.success ? 200 : 400).send(result);
  });

  app.post("/api/order/userorders", async (req) => {
    const ctx = await customerRestContext(req);
    return { success: true, data: await listCustomerOrders(ctx.db, ctx.auth.userId) };
  });
}
