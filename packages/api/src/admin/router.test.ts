import { randomUUID } from "node:crypto";
import type { OrderStatus, PaymentStatus, Role } from "@mithai/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { mailOutbox, orders, users } from "@mithai/db/schema";
import { createTestDb } from "@mithai/db/testing";
import type { AuthSession } from "../context";
import { appRouter } from "../root";
import { createTestContext } from "../testing";
import { createCallerFactory } from "../trpc";
import { todaySales } from "./orders-admin";

const createCaller = createCallerFactory(appRouter);

describe("admin tRPC procedures", () => {
  let database: DbHandle;
  let adminSession: AuthSession;
  let customerSession: AuthSession;

  const callerAs = (auth: AuthSession | null) => createCaller(createTestContext(database.db, { auth }));
  const account = async (role: Role): Promise<AuthSession> => {
    const [row] = await database.db
      .insert(users)
      .values({ name: role, email: `${role}-${randomUUID()}@example.in`, passwordHash: "x", role })
      .returning({ id: users.id });
    return { userId: row!.id, role };
  };
  const order = async (createdAt: Date, paymentStatus: PaymentStatus, status: OrderStatus | "", amountPaise: number) => {
    const [row] = await database.db
      .insert(orders)
      .values({
        userId: customerSession.userId,
        items: [],
        subtotalPaise: amountPaise,
        amountPaise,
        address: { fullName: "A", email: "a@example.in", street: "s", city: "c", state: "s", pincode: "411001", country: "India", mobile: "9876543210" },
        paymentStatus,
        status,
        createdAt,
      })
      .returning({ id: orders.id });
    return row!.id;
  };

  beforeAll(async () => {
    database = await createTestDb();
    adminSession = await account("admin");
    customerSession = await account("user");
  });
  afterAll(() => database.close());

  it("refuses guests, customers and a token whose account is no longer an admin", async () => {
    const demoted = await account("user");
    for (const [auth, code] of [
      [null, "UNAUTHORIZED"],
      [customerSession, "FORBIDDEN"],
      [{ userId: demoted.userId, role: "admin" }, "FORBIDDEN"],
    ] as const) {
      const caller = callerAs(auth);
      await expect(caller.admin.orders({})).rejects.toMatchObject({ code });
      await expect(caller.admin.todaySales()).rejects.toMatchObject({ code });
      await expect(caller.admin.updateOrderStatus({ orderId: randomUUID(), status: "Delivered" })).rejects.toMatchObject({ code });
      await expect(caller.admin.removeFood({ id: randomUUID() })).rejects.toMatchObject({ code });
    }
  });

  it("lists orders, changes a status and maps domain errors to tRPC codes", async () => {
    const id = await order(new Date(), "paid", "Order Recieved", 50000);
    const admin = callerAs(adminSession);
    await admin.admin.updateOrderStatus({ orderId: id, status: "Out for delivery" });
    const page = await admin.admin.orders({ q: id });
    expect(page.data.map((o) => [o._id, o.status])).toEqual([[id, "Out for delivery"]]);
    await expect(admin.admin.updateOrderStatus({ orderId: randomUUID(), status: "Delivered" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(admin.admin.removeFood({ id: randomUUID() })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("counts today's paid, not cancelled orders and the day's takings (paid − refunded) on the shop's clock", async () => {
    // Freshly seeded on a fixed day so other tests' orders do not count.
    const day = "2024-03-10";
    const at = (time: string) => new Date(`${day}T${time}+05:30`);
    await order(at("00:05:00"), "paid", "Order Recieved", 120000);
    await order(at("23:55:00"), "paid", "Delivered", 54950);
    await order(at("12:00:00"), "paid", "Cancelled", 99900);
    await order(at("12:00:00"), "pending", "", 99900);
    await order(new Date("2024-03-09T23:55:00+05:30"), "paid", "Order Recieved", 99900);
    // The cancelled order was not refunded: what it paid is still in the takings (net = paid − refunded).
    expect(await todaySales(database.db, at("18:00:00"))).toEqual({ date: day, orders: 2, revenue: 2748.5 });
    // 23:00 UTC on the 9th is already the 10th in India.
    expect((await todaySales(database.db, new Date("2024-03-09T23:00:00Z"))).date).toBe(day);
  });

  it("lists mails that keep failing to admins only, and sends one again on request", async () => {
    const [failing] = await database.db
      .insert(mailOutbox)
      .values({ kind: "order-receipt", subjectId: randomUUID(), recipient: "asha@example.in", attempts: 4, lastError: "connect ECONNREFUSED 127.0.0.1:25", nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: mailOutbox.id });
    await expect(callerAs(customerSession).admin.undeliveredMail()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerAs(null).admin.retryMail({ id: failing!.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });

    const { admin } = callerAs(adminSession);
    expect(await admin.undeliveredMail()).toEqual([
      expect.objectContaining({ id: failing!.id, kind: "order-receipt", recipient: "asha@example.in", attempts: 4, lastError: "connect ECONNREFUSED 127.0.0.1:25" }),
    ]);
    await expect(admin.retryMail({ id: "not-a-uuid" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await admin.retryMail({ id: failing!.id })).toEqual({ message: "The mail will be sent again now." });
    const [due] = await database.db.select().from(mailOutbox);
    expect(due!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
