import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { FoodItem } from "@mithai/schema";
import { AppError } from "@mithai/api";
import { catalogListContract } from "../rest/catalog";
import { jsonOf } from "../testing";
import { registerErrorHandler } from "./errors";
import { registerRouteSchemas } from "./route-schemas";

const item: FoodItem = {
  _id: "0b3f7f3e-8f6e-4d8e-9d7c-1a2b3c4d5e6f",
  slug: "kaju-katli",
  name: "Kaju Katli",
  description: "Cashew fudge",
  price: 1200,
  image: "kaju-katli.webp",
  category: "Festive Sweets",
  ingredients: "Cashews, sugar",
  benefits: "",
  faq: [],
  metaTitle: "",
  metaDescription: "",
  metaKeywords: "",
  googleTagHead: "",
  googleTagBody: "",
  hsn: "21069099",
  gstRate: 5,
  stockKg: null,
  soldOut: false,
  rating: { average: null, count: 0 },
};

/** The catalogue list's real contract, on a route that answers what the handler is given (or throws it). */
async function listAnswering(answer: unknown) {
  const app = Fastify();
  app.decorate("operations", { refused: () => {} } as never);
  registerErrorHandler(app);
  registerRouteSchemas(app);
  app.get("/api/food/list", { schema: catalogListContract }, async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const res = await app.inject("/api/food/list");
  await app.close();
  return res;
}

describe("answers serialised through their contracts", () => {
  it("sends an answer that fits the contract, as it is", async () => {
    const res = await listAnswering({ success: true, data: [item] });
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res)).toEqual({ success: true, data: [item] });
  });

  it("fails a renamed field (a 500, never the wrong shape), in the answer or in an item", async () => {
    const renamed = await listAnswering({ success: true, items: [item] });
    expect(renamed.statusCode).toBe(500);
    expect(jsonOf(renamed)).toMatchObject({ success: false, code: "INTERNAL" });
    const { name, ...rest } = item;
    const renamedInItem = await listAnswering({ success: true, data: [{ ...rest, title: name }] });
    expect(renamedInItem.statusCode).toBe(500);
    expect(renamedInItem.body).not.toContain("Kaju Katli");
  });

  it("leaves out a field the contract does not name (an internal one stays inside)", async () => {
    const res = await listAnswering({ success: true, data: [{ ...item, pricePaise: 120000 }] });
    expect(res.statusCode).toBe(200);
    expect(jsonOf<{ data: object[] }>(res).data[0]).not.toHaveProperty("pricePaise");
  });

  it("still sends a refusal whose reason its status does not list (a gap in the contract, logged), not a 500", async () => {
    const res = await listAnswering(new AppError("CART_EMPTY", "Your cart is empty"));
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res)).toMatchObject({ success: false, code: "CART_EMPTY", message: "Your cart is empty" });
  });
});
