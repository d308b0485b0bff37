import type { Db } from "@mithai/db/client";
import { orders } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import type { ProductionSheet } from "@mithai/schema";
import { orderIdSchema, orderNumberOf } from "@mithai/schema";
import { notFound } from "../errors";
import { heightOfText, startPdf, writeText } from "../pdf/text";
import { ordersDueOn } from "./production";

type OrderRow = typeof orders.$inferSelect;

/** "Mon 24 Nov 2026" for a shop day. */
export function dayTitle(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", { timeZone: "UTC", weekday: "short", day: "2-digit", month: "short", year: "numeric" });
}

/** The production sheet as an A4 page: one row per sweet (kg to prepare) with the orders behind it. */
export async function renderProductionPdf(sheet: ProductionSheet, shopName: string): Promise<Buffer> {
  const { pdf, done } = await startPdf({ size: "A4", margin: 40, info: { Title: `Production sheet ${sheet.date}`, Author: shopName } });
  pdf.fontSize(18);
  writeText(pdf, `Production sheet: ${dayTitle(sheet.date)}`, undefined, undefined, { bold: true });
  pdf.fontSize(10).fillColor("#555555");
  writeText(pdf, `${shopName}. Paid orders (not cancelled) expected for delivery on ${sheet.date}.`);
  pdf.fillColor("#000000");
  pdf.moveDown();
  if (sheet.lines.length === 0) writeText(pdf.fontSize(12), "Nothing to prepare for this day.");
  let y = pdf.y;
  const row = (cells: [string, string, string], bold = false) => {
    pdf.fontSize(bold ? 10 : 11);
    const widths = [180, 60, 275];
    const heights = cells.map((cell, i) => heightOfText(pdf, cell, { width: widths[i]! - 6, bold }));
    if (y + Math.max(...heights) > 790) {
      pdf.addPage();
      y = 40;
    }
    let x = 40;
    cells.forEach((cell, i) => {
      writeText(pdf, cell, x + 3, y, { width: widths[i]! - 6, align: i === 1 ? "right" : "left", bold });
      x += widths[i]!;
    });
    y += Math.max(...heights) + 8;
    pdf.moveTo(40, y - 4).lineTo(555, y - 4).strokeColor("#cccccc").stroke();
  };
  if (sheet.lines.length > 0) {
    row(["Sweet", "kg", "Orders"], true);
    for (const line of sheet.lines) row([line.name, String(line.kg), line.orders.join(", ")]);
    const total = sheet.lines.reduce((sum, line) => sum + line.kg, 0);
    const count = new Set(sheet.lines.flatMap((line) => line.orders)).size;
    row(["Total", String(total), `${count} order${count === 1 ? "" : "s"}`], true);
  }
  pdf.end();
  return done;
}

/** A5 portrait in points: big enough for a large order number, a QR code and a dozen lines. */
const SLIP_SIZE: [number, number] = [419.53, 595.28];

/** One packing slip on the current page: the order number large, its QR code, the sweets and kg, where it goes. */
async function drawSlip(pdf: PDFKit.PDFDocument, order: OrderRow, shopName: string): Promise<void> {
  const number = orderNumberOf(order.id);
  const [width] = SLIP_SIZE;
  const { default: QRCode } = await import("qrcode");
  const qr = await QRCode.toBuffer(number, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 8 });
  pdf.image(qr, width - 30 - 110, 30, { width: 110, height: 110 });
  pdf.fontSize(10).fillColor("#555555");
  writeText(pdf, `${shopName}: packing slip`, 30, 32);
  pdf.fillColor("#000000").fontSize(34);
  writeText(pdf, number, 30, 52, { bold: true });
  pdf.fontSize(10);
  writeText(pdf, `Placed ${order.createdAt.toISOString().slice(0, 10)}${order.deliveryZone ? ` · ${order.deliveryZone}` : ""}`, 30, 100);
  pdf.y = 150;
  pdf.fontSize(12);
  writeText(pdf, "Sweets", 30, undefined, { bold: true });
  pdf.moveDown(0.3);
  for (const item of order.items) {
    const y = pdf.y;
    writeText(pdf, item.name, 30, y, { width: 260 });
    const after = pdf.y;
    writeText(pdf, `${item.quantity} kg`, 300, y, { width: width - 330, align: "right", bold: true });
    pdf.y = Math.max(pdf.y, after);
    pdf.moveDown(0.4);
  }
  const kg = order.items.reduce((sum, item) => sum + item.quantity, 0);
  pdf.moveTo(30, pdf.y).lineTo(width - 30, pdf.y).strokeColor("#999999").stroke();
  pdf.moveDown(0.3);
  writeText(pdf, `Total ${kg} kg`, 30, pdf.y, { width: width - 60, align: "right", bold: true });
  pdf.moveDown();
  // The customer's name and address as they wrote them, in whatever script (pdf/text.ts picks the fonts).
  const a = order.address;
  writeText(pdf, "Deliver to", 30, undefined, { bold: true });
  writeText(pdf, a.fullName, 30, undefined, { width: width - 60 });
  writeText(pdf, a.street, 30, undefined, { width: width - 60 });
  writeText(pdf, `${a.city}, ${a.state} ${a.pincode}`, 30, undefined, { width: width - 60 });
  writeText(pdf, a.country, 30);
  writeText(pdf, `Mobile: ${a.mobile}`, 30, undefined, { bold: true });
}

async function renderSlips(list: OrderRow[], shopName: string, title: string): Promise<Buffer> {
  const { pdf, done } = await startPdf({ size: SLIP_SIZE, margin: 30, autoFirstPage: false, info: { Title: title, Author: shopName } });
  if (list.length === 0) {
    pdf.addPage();
    writeText(pdf.fontSize(14), `${title}: no paid orders are due for delivery.`, 30, 30, { width: SLIP_SIZE[0] - 60 });
  }
  for (const order of list) {
    pdf.addPage();
    await drawSlip(pdf, order, shopName);
  }
  pdf.end();
  return done;
}

/** `GET /api/admin/orders/{orderId}/packing-slip`: a paid order's slip (A5); any other order is not found. */
export async function packingSlipPdf(db: Db, orderId: string, shopName: string): Promise<Buffer> {
  const id = orderIdSchema.safeParse(orderId);
  if (!id.success) throw notFound("Order not found");
  const [order] = await db.select().from(orders).where(eq(orders.id, id.data));
  if (!order) throw notFound("Order not found");
  if (order.paymentStatus !== "paid") throw notFound("Only paid orders have packing slips");
  return renderSlips([order], shopName, `Packing slip ${orderNumberOf(order.id)}`);
}

/** `GET /api/admin/packing-slips?date=`: one PDF with the slip of every order due for delivery that day. */
export async function packingSlipsForDay(db: Db, date: string, shopName: string): Promise<Buffer> {
  return renderSlips(await ordersDueOn(db, date), shopName, `Packing slips ${date}`);
}
