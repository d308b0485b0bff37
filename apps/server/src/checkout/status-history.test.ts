import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "@mithai/db/sql";
import { mailOutbox, orderStatusChanges } from "@mithai/db/schema";
import type { AdminOrder } from "@mithai/schema";
import { type CustomerOrder, orderNumberOf, type PlacedOrder } from "@mithai/schema";
import { bearer, createAccount } from "../rest/admin-fixtures";
import { jsonOf, type TestApp } from "../testing";
import { createCheckoutApp, createCustomer, fillCart, payInSandboxWindow, placeOrderVia, verifyVia, type Customer } from "./fixtures";

/**
 * Every status change is recorded with who made it and when (the customer's timeline, the admin's history), and the
 * customer is mailed — through the outbox, once — when the order is out for delivery, delivered or cancelled (issue 17).
 */
describe("order timeline and status mails", () => {
  let t: TestApp;
  let admin: { id: string; token: string; email: string };
  beforeAll(async () => {
    t = await createCheckoutApp();
    admin = await createAccount(t.database.db, "admin");
  });
  afterAll(() => t.close());

  async function paidOrder(): Promise<{ buyer: Customer; placed: PlacedOrder }> {
    const buyer = await createCustomer(t);
    await fillCart(t, buyer, [1]);
    const { body: placed } = await placeOrderVia(t, buyer);
    const paid = await payInSandboxWindow(t, placed);
    expect((await verifyVia(t, buyer, paid.response!)).status).toBe(200);
    return { buyer, placed };
  }
  const setStatus = (orderId: string, status: string) =>
    t.app.inject({ method: "PUT", url: "/api/order/update-status", headers: bearer(admin.token), payload: { orderId, status } });
  /** Subjects of the mails sent (as .eml files) about this order. */
  const subjectsAbout = async (orderId: string) => {
    await t.app.deps.outbox.drain();
    return readdirSync(t.env.outboxDir)
      .map((file) => readFileSync(path.join(t.env.outboxDir, file), "utf8").match(/^Subject: (.*)$/m)?.[1] ?? "")
      .filter((subject) => subject.includes(orderNumberOf(orderId)))
      .sort();
  };
  const statusMails = async (orderId: string) => {
    const changes = await t.database.db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, orderId));
    const mails = await t.database.db.select().from(mailOutbox);
    return mails.filter((mail) => mail.kind === "order-status" && changes.some((change) => change.id === mail.subjectId));
  };

  it("records payment and each change with who and when, and mails out for delivery and delivered once each", async () => {
    const { buyer, placed } = await paidOrder();
    expect((await setStatus(placed.orderId, "Food Processing")).statusCode).toBe(200);
    expect((await setStatus(placed.orderId, "Out for delivery")).statusCode).toBe(200);
    // The same status again changes nothing and mails nothing.
    expect((await setStatus(placed.orderId, "Out for delivery")).statusCode).toBe(200);
    expect((await setStatus(placed.orderId, "Delivered")).statusCode).toBe(200);

    const admins = jsonOf<{ data: AdminOrder[] }>(await t.app.inject({ url: `/api/order/list?q=${placed.orderId}`, headers: bearer(admin.token) })).data;
    expect(admins[0]!.statusHistory.map(({ status, by }) => [status, by])).toEqual([
      ["Order Recieved", null],
      ["Food Processing", admin.email],
      ["Out for delivery", admin.email],
      ["Delivered", admin.email],
    ]);
    const mine = jsonOf<{ data: CustomerOrder[] }>(await t.app.inject({ method: "POST", url: "/api/order/userorders", headers: bearer(buyer.token) })).data;
    expect(mine[0]!.statusHistory.map((entry) => entry.status)).toEqual(["Order Recieved", "Food Processing", "Out for delivery", "Delivered"]);
    expect(mine[0]!.statusHistory.every((entry) => !("by" in entry) && !Number.isNaN(Date.parse(entry.at)))).toBe(true);

    const mails = await statusMails(placed.orderId);
    expect(mails).toHaveLength(2);
    const number = orderNumberOf(placed.orderId);
    expect(await subjectsAbout(placed.orderId)).toEqual([
      `Mithai: order ${number} confirmed`,
      `Mithai: order ${number} has been delivered`,
      `Mithai: order ${number} is out for delivery`,
    ]);
    expect((await statusMails(placed.orderId)).every((mail) => mail.sentAt !== null)).toBe(true);
  });

  it("tells the customer when the shop cancels, and when they cancel themselves", async () => {
    const shop = await paidOrder();
    await setStatus(shop.placed.orderId, "Cancelled");
    const self = await paidOrder();
    const cancelled = await t.app.inject({ method: "POST", url: "/api/order/cancel", headers: bearer(self.buyer.token), payload: { orderId: self.placed.orderId } });
    expect(cancelled.statusCode).toBe(200);
    expect(await statusMails(shop.placed.orderId)).toHaveLength(1);
    expect(await statusMails(self.placed.orderId)).toHaveLength(1);
    const [change] = await t.database.db.select().from(orderStatusChanges).where(eq(orderStatusChanges.status, "Cancelled"));
    expect(change).toBeDefined();
    const selfChanges = await t.database.db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, self.placed.orderId));
    expect(selfChanges.map((c) => [c.status, c.changedBy])).toEqual([
      ["Order Recieved", null],
      ["Cancelled", self.buyer.userId],
    ]);
    expect(await subjectsAbout(shop.placed.orderId)).toContain(`Mithai: order ${orderNumberOf(shop.placed.orderId)} has been cancelled`);
    expect(await subjectsAbout(self.placed.orderId)).toContain(`Mithai: order ${orderNumberOf(self.placed.orderId)} has been cancelled`);
  });
});
