import type { FastifyInstance } from "fastify";
import { createReview, listReviews } from "@mithai/api";
import { createReviewSchema, reviewSchema, z } from "@mithai/schema";
import { contract } from "./contract";

const contracts = {
  list: contract({ summary: "A sweet's reviews, newest first", tag: "Reviews", params: z.object({ productId: z.string() }), answer: z.array(reviewSchema) }),
  create: contract({
    summary: "Review a sweet (stars and text)",
    tag: "Reviews",
    auth: "customer",
    body: createReviewSchema,
    answer: { 201: reviewSchema },
    refusals: ["NOT_FOUND", "RATE_LIMITED"],
  }),
};
import { customerRestContext, parseInput } from "./request";

/** SPEC §7 reviews: the list (newest first) and the created review, as plain JSON. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get<{ Params: { productId: string } }>("/api/reviews/:productId", { schema: contracts.list }, async (req) => listReviews(deps.db, req.params.productId));

  app.post("/api/reviews", { schema: contracts.create }, async (req, reply) => {
    const { userId } = (await customerRestContext(req)).auth;
    const input = parseInput(createReviewSchema, req.body);
    return reply.status(201).send(await createReview(deps, userId, input));
  });
}
