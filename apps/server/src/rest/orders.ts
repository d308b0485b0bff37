import type { FastifyInstance } from "fastify";
import { listCustomerOrders } from "@mithai/api/orders/history";
import { placeOrder } from "@mithai/api/orders/place";
import { verifyPayment } from "@mithai/api/orders/verify";
import { placeOrderInputSchema, verifyPaymentInputSchema } from "@mithai/schema/contracts/order";
import { customerRestContext, parseInput } from "./request";

/**
 * SPEC §7 order calls. `place` reads only the address: the items and amount a client sends are ignored
 * (the server cart and current prices decide); `verify` reads only Razorpay's three fields.
 */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  app.post("/api/order/place", async (req) => {
    const ctx = await customerRestContext(req);
    const { address } = parseInput(placeOrderInputSchema, req.body);
    return placeOrder(ctx, ctx.auth.userId, address);
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
