import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "@mithai/db/sql";
import { mailOutbox, users } from "@mithai/db/schema";
import { openFinalizeTestDb } from "../payments/finalize-testing";

describe("finalisation step: the receipt mail (one way to queue, to the account's e-mail)", () => {
  let db: Awaited<ReturnType<typeof openFinalizeTestDb>>;
  beforeAll(async () => {
    db = await openFinalizeTestDb(1);
  });
  afterAll(() => db.handle.close());

  it("queues one receipt to the account's e-mail, never to the delivery contact's, and sends it in the one layout", async () => {
    const userId = await db.customer();
    const [account] = await db.handle.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const order = await db.pendingOrder(userId, [1]);
    await db.pay(order);
    await db.pay(order);
    const rows = await db.handle.db.select().from(mailOutbox).where(and(eq(mailOutbox.subjectId, order.id), eq(mailOutbox.kind, "order-receipt")));
    expect(rows).toMatchObject([{ recipient: account!.email }]);
    await db.ctx.outbox.drain();
    const sent = db.ctx.sent.filter((mail) => mail.subject.includes(order.id.slice(0, 8).toUpperCase()));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(account!.email);
    expect(db.ctx.sent.some((mail) => mail.to === "delivery-contact@example.in")).toBe(false);
    expect(sent[0]!.html).toContain("<!doctype html>");
    expect(sent[0]!.text).toContain("Paid: ₹100");
  });
});
