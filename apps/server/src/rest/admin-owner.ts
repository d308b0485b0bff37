import type { FastifyInstance, FastifyReply } from "fastify";
import { packingSlipPdf, packingSlipsForDay, productionSheet, renderProductionPdf, salesReport, stockGlance } from "@mithai/api";
import {
  packingSlipsInputSchema,
  productionInputSchema,
  productionSheetSchema,
  salesInputSchema,
  salesReportSchema,
  stockGlanceSchema,
  z,
} from "@mithai/schema";
import { requireAdmin } from "./admin-http";
import { contract, fileBytes } from "./contract";
import { parseInput } from "./request";

const sendPdf = (reply: FastifyReply, pdf: Buffer, filename: string) =>
  reply.type("application/pdf").header("content-disposition", `inline; filename="${filename}"`).header("cache-control", "private, no-store").send(pdf);

const productionQuerySchema = z.object({ date: productionInputSchema.shape.date, format: z.enum(["json", "pdf"], { message: "format must be json or pdf" }).default("json") });

const pdf = { "application/pdf": { schema: fileBytes } };

const contracts = {
  sales: contract({ summary: "Sales by day and the top sweets, between two days", tag: "Admin", auth: "admin", querystring: salesInputSchema, answer: salesReportSchema }),
  stock: contract({ summary: "Stock at a glance: what runs out and what is selling", tag: "Admin", auth: "admin", answer: stockGlanceSchema }),
  production: contract({
    summary: "The kitchen's production sheet for a day, as JSON or a PDF (`format`)",
    tag: "Admin",
    auth: "admin",
    querystring: productionQuerySchema,
    answer: { 200: { description: "The production sheet", content: { "application/json": { schema: productionSheetSchema }, ...pdf } } },
  }),
  packingSlip: contract({
    summary: "An order's packing slip (PDF)",
    tag: "Admin",
    auth: "admin",
    params: z.object({ orderId: z.string() }),
    answer: { 200: { description: "The packing slip (PDF)", content: pdf } },
    refusals: ["NOT_FOUND"],
  }),
  packingSlips: contract({
    summary: "Every packing slip of a day's deliveries (one PDF)",
    tag: "Admin",
    auth: "admin",
    querystring: packingSlipsInputSchema,
    answer: { 200: { description: "The packing slips (PDF)", content: pdf } },
  }),
};

/** The owner's day (DECISIONS "The owner's day"): sales, stock at a glance, the production sheet and packing slips. */
export async function adminOwnerRoutes(app: FastifyInstance): Promise<void> {
  app.addHook("onRequest", requireAdmin);
  const { db, config } = app.deps;

  app.get("/api/admin/sales", { schema: contracts.sales }, async (req) => salesReport(db, parseInput(salesInputSchema, req.query)));

  app.get("/api/admin/stock", { schema: contracts.stock }, async () => stockGlance(db));

  app.get("/api/admin/kitchen/production", { schema: contracts.production }, async (req, reply) => {
    const { date, format } = parseInput(productionQuerySchema, req.query);
    const sheet = await productionSheet(db, date);
    if (format === "json") return sheet;
    return sendPdf(reply, await renderProductionPdf(sheet, config.shopName), `production-${date}.pdf`);
  });

  app.get<{ Params: { orderId: string } }>("/api/admin/orders/:orderId/packing-slip", { schema: contracts.packingSlip }, async (req, reply) =>
    sendPdf(reply, await packingSlipPdf(db, req.params.orderId, config.shopName), `packing-slip-${req.params.orderId.slice(0, 8)}.pdf`),
  );

  app.get("/api/admin/packing-slips", { schema: contracts.packingSlips }, async (req, reply) => {
    const { date } = parseInput(packingSlipsInputSchema, req.query);
    return sendPdf(reply, await packingSlipsForDay(db, date, config.shopName), `packing-slips-${date}.pdf`);
  });
}
