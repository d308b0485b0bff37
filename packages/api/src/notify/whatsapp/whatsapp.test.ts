import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "@mithai/db/sql";
import { mailOutbox, refunds, sandboxWhatsappMessages } from "@mithai/db/schema";
import { insertTestUser } from "@mithai/db/testing";
import type { ApiConfig } from "../../context";
import { createShopOutbox } from "../../mail/kinds";
import { openFinalizeTestDb } from "../../payments/finalize-testing";
import { settleRefund } from "../../refunds/ledger";
import { updateOrderStatus } from "../../admin/orders-admin";
import { silentLog, TEST_CONFIG } from "../../testing";

type Answer = { status: number; body?: unknown } | "hang";
interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

/** A stand-in for the Graph API: records each request and answers the next of `answers` (200 once they run out). */
function fakeGraphApi() {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body: JSON.parse(text) });
      const answer = answers.shift() ?? { status: 200, body: { messaging_product: "whatsapp", messages: [{ id: "wamid.test" }] } };
      if (answer === "hang") return;
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body ?? {}));
    });
  });
  return { server, received, answers };
}

describe("WhatsApp messages through the Cloud API (a local stand-in for the Graph API)", () => {
  const graph = fakeGraphApi();
  let shop: Awaited<ReturnType<typeof openFinalizeTestDb>>;
  let config: ApiConfig;

  beforeAll(async () => {
    shop = await openFinalizeTestDb(1);
    await new Promise<void>((resolve) => graph.server.listen(0, "127.0.0.1", resolve));
    const { port } = graph.server.address() as AddressInfo;
    config = {
      ...TEST_CONFIG,
      whatsapp: {
        mode: "cloud",
        apiUrl: `http://127.0.0.1:${port}/v21.0`,
        phoneNumberId: "1234567890",
        token: "test-whatsapp-token",
        templates: { receipt: "mithai_receipt", status: "mithai_status", cancelled: "mithai_cancelled", refund: "mithai_refund" },
        language: "en_IN",
        // Short, but long enough for a busy machine whose embedded database holds the event loop now and then.
        timeoutMs: 2_000,
      },
    };
  });
  afterAll(async () => {
    graph.server.closeAllConnections();
    await new Promise((resolve) => graph.server.close(resolve));
    await shop.handle.close();
  });

  const cloudOutbox = () => createShopOutbox({ db: shop.handle.db, config, log: silentLog, mailer: shop.ctx.mailer });
  /** A paid order whose customer opted in to WhatsApp; its receipt row on WhatsApp. */
  async function paidOptedIn(name = "Meera Iyer") {
    const userId = await insertTestUser(shop.handle.db, name);
    const order = await shop.pendingOrder(userId, [2], { notifyWhatsappTo: "+919845012345" });
    await shop.pay(order);
    const [row] = await shop.handle.db.select().from(mailOutbox).where(and(eq(mailOutbox.subjectId, order.id), eq(mailOutbox.channel, "whatsapp")));
    return { order, row: row! };
  }
  const rowOf = async (id: string) => (await shop.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  const makeDue = (id: string) => shop.handle.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, id));

  it("sends the receipt as a template message: the messages endpoint of the phone number, the bearer token, the template's parameters", async () => {
    const { order, row } = await paidOptedIn();
    graph.received.length = 0;
    await cloudOutbox().drain();
    expect(graph.received).toEqual([
      {
        method: "POST",
        url: "/v21.0/1234567890/messages",
        authorization: "Bearer test-whatsapp-token",
        body: {
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to: "919845012345",
          type: "template",
          template: {
            name: "mithai_receipt",
            language: { code: "en_IN" },
            components: [{ type: "body", parameters: ["Meera Iyer", `#${order.id.slice(0, 8).toUpperCase()}`, "₹200"].map((text) => ({ type: "text", text })) }],
          },
        },
      },
    ]);
    expect(await rowOf(row.id)).toMatchObject({ attempts: 1, lastError: null, lockedUntil: null, sentAt: expect.any(Date) });
    await makeDue(row.id);
    await cloudOutbox().drain();
    expect(graph.received).toHaveLength(1);
  });

  it("retries after a 5xx and after no answer in time, and sends the message once the API takes it", async () => {
    const { row } = await paidOptedIn();
    graph.received.length = 0;
    graph.answers.push({ status: 503, body: { error: { message: "Service temporarily unavailable", code: 2 } } }, "hang");
    const outbox = cloudOutbox();
    await outbox.drain();
    expect(await rowOf(row.id)).toMatchObject({ sentAt: null, attempts: 1, lastError: "WhatsApp Cloud API answered 503: Service temporarily unavailable (code 2)" });
    expect((await rowOf(row.id)).nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await makeDue(row.id);
    await outbox.drain();
    expect(await rowOf(row.id)).toMatchObject({ sentAt: null, attempts: 2, lastError: "WhatsApp Cloud API not reached: no answer in time" });
    await makeDue(row.id);
    await outbox.drain();
    expect(await rowOf(row.id)).toMatchObject({ sentAt: expect.any(Date), attempts: 3, lastError: null });
    expect(graph.received).toHaveLength(3);
  });

  it("records a number the API refuses (400) and never tries it again", async () => {
    const { row } = await paidOptedIn();
    graph.received.length = 0;
    graph.answers.push({ status: 400, body: { error: { message: "(#131026) Message undeliverable.", type: "OAuthException", code: 131026 } } });
    await cloudOutbox().drain();
    expect(await rowOf(row.id)).toMatchObject({
      sentAt: expect.any(Date),
      attempts: 1,
      lastError: "undeliverable: WhatsApp Cloud API answered 400: (#131026) Message undeliverable. (code 131026)",
    });
    await makeDue(row.id);
    await cloudOutbox().drain();
    expect(graph.received).toHaveLength(1);
  });
});

describe("WhatsApp messages in the sandbox", () => {
  let shop: Awaited<ReturnType<typeof openFinalizeTestDb>>;
  beforeAll(async () => {
    shop = await openFinalizeTestDb(1);
  });
  afterAll(() => shop.handle.close());

  const sandboxOutbox = () => createShopOutbox({ db: shop.handle.db, config: TEST_CONFIG, log: silentLog, mailer: shop.ctx.mailer });
  const whatsappRows = (subjectId: string) => shop.handle.db.select().from(mailOutbox).where(and(eq(mailOutbox.subjectId, subjectId), eq(mailOutbox.channel, "whatsapp")));

  it("two workers send a WhatsApp row once: one message kept, one attempt", async () => {
    const userId = await insertTestUser(shop.handle.db, "Ravi Kumar");
    const order = await shop.pendingOrder(userId, [1], { notifyWhatsappTo: "+919845012345" });
    await shop.pay(order);
    const [row] = await whatsappRows(order.id);
    const one = sandboxOutbox();
    const two = sandboxOutbox();
    await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
    const kept = await shop.handle.db.select().from(sandboxWhatsappMessages).where(eq(sandboxWhatsappMessages.outboxId, row!.id));
    expect(kept).toEqual([expect.objectContaining({ to: "+919845012345", template: "order_receipt" })]);
    expect(await whatsappRows(order.id)).toEqual([expect.objectContaining({ attempts: 1, sentAt: expect.any(Date), lastError: null })]);
  });

  it("tells a cancellation and its refund on WhatsApp too, each with its own template", async () => {
    const userId = await insertTestUser(shop.handle.db, "Ravi Kumar");
    const order = await shop.pendingOrder(userId, [1], { notifyWhatsappTo: "+919845012345" });
    await shop.pay(order);
    await updateOrderStatus(shop.ctx, order.id, "Cancelled", null, { refund: false });
    const [refund] = await shop.handle.db
      .insert(refunds)
      .values({ orderId: order.id, paymentId: "pay_test", amountPaise: order.amountPaise, reason: "Cancelled by the shop", providerRefundId: `rfnd_${order.id.slice(0, 8)}` })
      .returning();
    expect(await settleRefund(shop.ctx, refund!.providerRefundId!, "processed")).toBe(true);
    await sandboxOutbox().drain();
    const number = `#${order.id.slice(0, 8).toUpperCase()}`;
    const texts = (await shop.handle.db.select().from(sandboxWhatsappMessages).where(eq(sandboxWhatsappMessages.to, "+919845012345"))).map((message) => [message.template, message.text]);
    expect(texts).toEqual(
      expect.arrayContaining([
        ["order_cancelled", expect.stringContaining(`Hi Ravi Kumar, your order ${number} has been cancelled.`)],
        ["refund_processed", `Hi Ravi Kumar, we have refunded ₹100 for your order ${number}. Banks usually show it within 5–7 working days.`],
      ]),
    );
  });

  it("queues nothing on WhatsApp for an order without the opt-in", async () => {
    const whatsappRowCount = async () => (await shop.handle.db.select().from(mailOutbox).where(eq(mailOutbox.channel, "whatsapp"))).length;
    const before = await whatsappRowCount();
    const userId = await insertTestUser(shop.handle.db);
    const order = await shop.pendingOrder(userId, [1]);
    await shop.pay(order);
    await updateOrderStatus(shop.ctx, order.id, "Out for delivery", null);
    expect(await whatsappRowCount()).toBe(before);
    const mails = await shop.handle.db.select().from(mailOutbox).where(eq(mailOutbox.subjectId, order.id));
    expect(mails.map((row) => row.channel)).toEqual(["mail"]);
  });
});
