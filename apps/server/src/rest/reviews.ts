import type { FastifyInstance } from "fastify";
import { createReview, listReviews } from "@mithai/api/reviews/service";
import { createReviewSchema } from "@mithai/schema/contracts/reviews";
import { customerRestContext, parseInput } from "./request";

/** SPEC §7 reviews: the list (newest first) and the created review, as plain JSON. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get<{ Params: { productId: string } }>("/api/reviews/:productId", async (req) => listReviews(deps.db, req.params.productId));

  app.post("/api/reviews", async (req, reply) => {
    const { userId } = (await customerRestContext(req)).auth;
    const input = parseInput(createReviewSchema, req.body);
    return reply.status(201).send(await createReview(deps, userId, input));
  });
}
