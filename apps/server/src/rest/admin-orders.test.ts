import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { orders } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import type { AdminOrder, AdminOrderPage } from "@mithai/schema";
import { orderBatches } from "@mithai/api";
import { createTestApp, jsonOf, type TestApp } from "../testing";
import { bearer, createAccount, insertOrders, sampleAddress } from "./admin-fixtures";

type ListAnswer = AdminOrderPage & { success: boolean };

describe("admin orders over REST", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  let customerId: string;
  let otherId: string;
  /** Paid orders of the bulk seed, newest first as the list must show them. */
  let expectedPaid: string[];
  let meeraPaidCount: number;

  const list = async (query = "", headers = admin) => {
    const res = await t.app.inject({ url: `/api/order/list${query}`, headers });
    return { res, body: jsonOf<ListAnswer>(res) };
  };
  const setStatus = (payload: object, headers = admin) => t.app.inject({ method: "PUT", url: "/api/order/update-status", payload, headers });

  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer((await createAccount(t.database.db, "admin")).token);
    const account = await createAccount(t.database.db, "user", "meera@example.in");
    customer = bearer(account.token);
    customerId = account.id;
    otherId = (await createAccount(t.database.db, "user")).id;

    // 240 orders a minute apart from 2025-10-01 (IST), every 8th at the same instant as its neighbour so
    // the keyset must break ties by id; every 5th not paid.
    const start = Date.parse("2025-10-01T00:00:00+05:30");
    const seeds = Array.from({ length: 240 }, (_, i) => ({
      userId: i % 3 === 0 ? customerId : otherId,
      createdAt: new Date(start + (i - (i % 8 === 1 ? 1 : 0)) * 60_000),
      paymentStatus: i % 5 === 4 ? ("pending" as const) : ("paid" as const),
    }));
    meeraPaidCount = seeds.filter((seed) => seed.userId === customerId && seed.paymentStatus === "paid").length;
    const ids = await insertOrders(t.database.db, seeds);
    const rows = await t.database.db.select({ id: orders.id, createdAt: orders.createdAt, paymentStatus: orders.paymentStatus }).from(orders);
    expectedPaid = rows
      .filter((r) => r.paymentStatus === "paid" && ids.includes(r.id))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
  });
  afterAll(() => t.close());

  describe("refuses callers without an admin token", () => {
    it.each([
      ["no token", {}, 401],
      ["a customer token", "customer", 403],
    ])("%s", async (_name, who, status) => {
      const headers = who === "customer" ? customer : (who as Record<string, string>);
      const [orderId] = expectedPaid;
      expect((await list("", headers)).res.statusCode).toBe(status);
      expect((await setStatus({ orderId, status: "Delivered" }, headers)).statusCode).toBe(status);
      expect((await t.app.inject({ url: "/api/admin/orders.csv", headers })).statusCode).toBe(status);
      expect((await t.app.inject({ url: "/api/admin/today-sales", headers })).statusCode).toBe(status);
      const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId!));
      expect(row!.status).toBe("Order Recieved");
    });
  });

  it("lists paid orders newest first with SPEC §3 fields, and walks every page once by cursor", async () => {
    const first = await list("?limit=50");
    expect(first.res.statusCode).toBe(200);
    expect(first.body).toMatchObject({ success: true, total: expectedPaid.length });
    const order = first.body.data[0]!;
    expect(order).toMatchObject({
      paymentStatus: "paid",
      status: "Order Recieved",
      amount: 2400,
      items: [{ name: "Kaju Katli", quantity: 2, price: 1200 }],
      address: sampleAddress(),
      customer: { name: "Test user" },
    });
    expect(order.paymentId).toMatch(/^pay_/);

    const seen: string[] = [];
    let page = first.body;
    for (;;) {
      seen.push(...page.data.map((o) => o._id));
      if (!page.nextCursor) break;
      page = (await list(`?limit=50&cursor=${page.nextCursor}`)).body;
    }
    expect(seen).toEqual(expectedPaid);
  });

  it("shows every payment state when asked, and refuses a broken cursor or page size", async () => {
    expect((await list("?payment=all&limit=1")).body.total).toBe(240);
    expect((await list("?payment=pending&limit=1")).body.total).toBe(48);
    expect((await list("?cursor=bm9wZQ")).res.statusCode).toBe(400);
    expect((await list("?limit=0")).res.statusCode).toBe(400);
    expect((await list("?limit=1000")).res.statusCode).toBe(400);
    expect((await list("?payment=refunded&limit=1")).res.statusCode).toBe(200);
    expect((await list("?payment=cancelled")).res.statusCode).toBe(400);
  });

  it("refuses dates outside the shop's range and crafted cursors with a 400 and a message (they were 500s)", async () => {
    const cursorOf = (text: string) => Buffer.from(text).toString("base64url");
    const id = expectedPaid[0];
    for (const query of [
      "?from=0000-01-01",
      "?to=0000-01-01",
      "?from=9999-12-31",
      "?from=1999-12-31",
      `?cursor=${cursorOf(`2025-13-45T99:99:99.000000Z|${id}`)}`,
      `?cursor=${cursorOf(`0000-01-01T00:00:00.000000Z|${id}`)}`,
      `?cursor=${cursorOf(`2025-02-30T10:00:00.000000Z|${id}`)}`,
      `?cursor=${cursorOf(`2025-10-01T10:00:00.000000Z|${id}|more`)}`,
    ]) {
      const { res, body } = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect((body as unknown as { message: string }).message, query).toBeTruthy();
    }
    const csv = await t.app.inject({ url: "/api/admin/orders.csv?from=0000-01-01", headers: admin });
    expect(csv.statusCode).toBe(400);
    expect(csv.headers["content-type"]).toMatch(/^application\/json/);
    expect(jsonOf<{ message: string }>(csv).message).toMatch(/Dates must lie between/);
  });

  describe("filters and search", () => {
    let special: { newest: string; midnight: string; cancelled: string };
    beforeAll(async () => {
      const [newest, midnight, cancelled] = await insertOrders(t.database.db, [
        { userId: otherId, createdAt: new Date("2025-11-02T06:00:00Z"), address: sampleAddress({ email: "Ravi.K@Example.in", mobile: "+91 91234 56789" }) },
        // 00:10 on 21 October in India, still 20 October in UTC.
        { userId: otherId, createdAt: new Date("2025-10-20T18:40:00Z") },
        { userId: otherId, createdAt: new Date("2025-10-25T10:00:00Z"), status: "Cancelled" },
      ]);
      special = { newest: newest!, midnight: midnight!, cancelled: cancelled! };
    });
    const ids = async (query: string) => (await list(query)).body.data.map((o) => o._id);

    it("by fulfilment status", async () => {
      expect(await ids("?status=Cancelled")).toEqual([special.cancelled]);
      expect((await list("?status=Shipped")).res.statusCode).toBe(400);
    });

    it("by shop-time date range, both ends inclusive", async () => {
      expect(await ids("?from=2025-10-21&to=2025-10-21")).toEqual([special.midnight]);
      expect(await ids("?from=2025-10-20&to=2025-10-25")).toEqual([special.cancelled, special.midnight]);
      expect(await ids("?from=2025-11-01")).toEqual([special.newest]);
      expect((await list("?from=2025-10-25&to=2025-10-20")).res.statusCode).toBe(400);
      expect((await list("?from=yesterday")).res.statusCode).toBe(400);
    });

    it("by order id, its first characters, e-mail (delivery or account) and mobile", async () => {
      expect(await ids(`?q=${special.newest}`)).toEqual([special.newest]);
      expect(await ids(`?q=${special.newest.slice(0, 13)}`)).toContain(special.newest);
      expect(await ids("?q=ravi.k%40example.in")).toEqual([special.newest]);
      expect(await ids("?q=%2B919123456789")).toEqual([special.newest]);
      expect(await ids("?q=91234%2056789")).toEqual([special.newest]);
      const meera = await list("?q=MEERA%40example.in&limit=200");
      expect(meera.body.total).toBe(meeraPaidCount);
      expect(meera.body.data).toHaveLength(meeraPaidCount);
      expect(meera.body.data.every((o) => o.customer.email === "meera@example.in")).toBe(true);
      expect(await ids("?q=nobody%40example.in")).toEqual([]);
      expect(await ids("?q=hello")).toEqual([]);
    });
  });

  describe("status updates", () => {
    it("accepts the moves the order's life allows, refuses the others with 409, and the list shows it (issue 25)", async () => {
      const orderId = expectedPaid[3]!;
      // Forward with skipping, one step back, then on.
      for (const status of ["Out for delivery", "Food Processing", "Delivered"]) {
        const res = await setStatus({ orderId, status });
        expect(res.statusCode).toBe(200);
        expect(jsonOf(res)).toEqual({ success: true, message: "Status updated" });
      }
      // Nothing leaves Delivered.
      for (const status of ["Order Recieved", "Food Processing", "Cancelled"]) {
        const res = await setStatus({ orderId, status });
        expect(res.statusCode).toBe(409);
        expect(jsonOf(res)).toMatchObject({ success: false, code: "TRANSITION_NOT_ALLOWED" });
      }
      const shown = (await list(`?q=${orderId}`)).body.data[0] as AdminOrder;
      expect(shown).toMatchObject({ status: "Delivered", allowedNext: [] });
    });

    it.each([
      ["a status outside the list", { status: "Shipped" }, 400],
      ["a lower-case status", { status: "delivered" }, 400],
      ["no status", { status: undefined }, 400],
      ["an unknown order", { orderId: "00000000-0000-4000-8000-000000000000" }, 404],
      ["a malformed order id", { orderId: "42" }, 404],
    ])("refuses %s and changes nothing", async (_name, overrides, code) => {
      const orderId = expectedPaid[5]!;
      const res = await setStatus({ orderId, status: "Delivered", ...overrides });
      expect(res.statusCode).toBe(code);
      expect(jsonOf(res)).toMatchObject({ success: false });
      const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      expect(row!.status).toBe("Order Recieved");
    });

    it("refuses to set a status on an unpaid order", async () => {
      const [pending] = await insertOrders(t.database.db, [{ userId: otherId, paymentStatus: "pending" }]);
      expect((await setStatus({ orderId: pending, status: "Delivered" })).statusCode).toBe(409);
    });
  });

  it("answers today's paid orders and revenue", async () => {
    await insertOrders(t.database.db, [{ userId: otherId, amountPaise: 54950 }]);
    const res = await t.app.inject({ url: "/api/admin/today-sales", headers: admin });
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res)).toEqual({ success: true, data: { date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), orders: 1, revenue: 549.5 } });
  });

  describe("CSV export", () => {
    it("streams the filtered orders with a header, escaping and a formula guard", async () => {
      const [tricky] = await insertOrders(t.database.db, [
        {
          userId: otherId,
          createdAt: new Date("2025-12-01T08:30:00Z"),
          address: sampleAddress({ mobile: "+919812345678", fullName: 'Ravi "Chotu" Kumar', street: "=HYPERLINK(\"http://evil\")", city: "Pune, Camp", state: "Line\nBreak" }),
        },
      ]);
      const res = await t.app.inject({ url: "/api/admin/orders.csv?from=2025-12-01&to=2025-12-01", headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d\d-\d\d\.csv"$/);
      const text = res.body;
      expect(text.startsWith("\uFEFFOrder number,Order id,Placed at (IST),Payment,Status,")).toBe(true);
      expect(text).toContain(`${tricky},2025-12-01 14:00,paid,Order Recieved,Test user,`);
      expect(text).toContain('"Ravi ""Chotu"" Kumar"');
      expect(text).toContain(`"'=HYPERLINK(""http://evil""), Pune, Camp, Line\nBreak, 411001, India"`);
      expect(text).toContain(",'+919812345678,");
    });

    it("exports every matching order, newest first", async () => {
      const res = await t.app.inject({ url: "/api/admin/orders.csv?from=2025-10-01&to=2025-10-01", headers: admin });
      const lines = res.body.trimEnd().split("\r\n").slice(1);
      expect(lines.map((line) => line.split(",")[1])).toEqual(expectedPaid);
    });

    it("reads the database in batches that add up to the whole list", async () => {
      const filters = { payment: "paid" as const, from: "2025-10-01", to: "2025-10-01" };
      const batches: string[][] = [];
      for await (const batch of orderBatches(t.database.db, filters, 7)) batches.push(batch.map((o) => o._id));
      expect(batches.length).toBe(Math.ceil(expectedPaid.length / 7));
      expect(batches.flat()).toEqual(expectedPaid);
    });
  });

  describe("a CSV export that fails", () => {
    let other: TestApp;
    let base: string;
    beforeAll(async () => {
      other = await createTestApp();
      const { id } = await createAccount(other.database.db, "user");
      // More than one batch of the export (500), so a failure can come after the first chunk is out.
      await insertOrders(other.database.db, Array.from({ length: 700 }, (_, i) => ({ userId: id, createdAt: new Date(Date.now() - i * 1000) })));
      base = await other.app.listen({ port: 0, host: "127.0.0.1" });
    });
    afterAll(() => other.close());

    /** Selects one batch of the export makes: the orders, their refunds, status timelines and invoice numbers. */
    const SELECTS_PER_BATCH = 4;

    /**
     * Lets the export's first `okCalls` selects through and fails its later ones. Only selects made by the export's
     * page query count: the admin checks and the server's background work (outbox, reconciler) select too, at times
     * of their own, and must neither be failed nor shift the count.
     */
    function failExportSelectsAfter(okCalls: number) {
      const db = other.app.deps.db;
      const select = db.select.bind(db);
      let calls = 0;
      return vi.spyOn(db, "select").mockImplementation(((...args: Parameters<typeof db.select>) => {
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 50;
        const stack = new Error("caller").stack ?? "";
        Error.stackTraceLimit = limit;
        if (stack.includes("fetchOrderPage")) {
          calls += 1;
          if (calls > okCalls) throw new Error("connection lost");
        }
        return select(...args);
      }));
    }

    it("answers an error, not a file, when the first batch fails", async () => {
      const adminHeaders = bearer((await createAccount(other.database.db, "admin")).token);
      const spy = failExportSelectsAfter(0); // the admin checks pass, the export's first select does not
      try {
        const res = await fetch(`${base}/api/admin/orders.csv`, { headers: { ...adminHeaders, "accept-encoding": "gzip" } });
        expect(res.status).toBe(500);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(res.headers.get("content-disposition")).toBeNull();
      } finally {
        spy.mockRestore();
      }
    });

    it.each(["identity", "gzip", "br"])("aborts the download (never a complete-looking partial file) when a later batch fails, encoding %s", async (encoding) => {
      const adminHeaders = bearer((await createAccount(other.database.db, "admin")).token);
      const whole = await fetch(`${base}/api/admin/orders.csv`, { headers: { ...adminHeaders, "accept-encoding": encoding } });
      expect((await whole.text()).trimEnd().split("\r\n")).toHaveLength(701);

      // The admin checks and the first batch (its orders, then their refunds and timelines) pass.
      const spy = failExportSelectsAfter(SELECTS_PER_BATCH);
      try {
        // Compressed, the headers may still be in the compressor when the failure comes: then the answer itself fails.
        const download = fetch(`${base}/api/admin/orders.csv`, { headers: { ...adminHeaders, "accept-encoding": encoding } }).then((res) => res.text());
        await expect(download).rejects.toThrow();
      } finally {
        spy.mockRestore();
      }
    });
  });
});
