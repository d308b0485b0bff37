import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing";

/** A socket to the app and a promise of the moment the server closes it. */
function openSocket(port: number): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    // Read whatever comes, so the server's end of the connection is seen.
    socket.resume();
    const closed = new Promise<number>((done) => socket.on("close", () => done(Date.now())));
    socket.once("connect", () => resolve({ socket, closed }));
    socket.once("error", reject);
  });
}

/** Writes one byte every `everyMs` until the socket closes: a client that never finishes but never goes quiet. */
function dribble(socket: Socket, text: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || !socket.writable) return clearInterval(timer);
    socket.write(text[i % text.length] ?? "x");
    i += 1;
  }, everyMs);
  socket.on("close", () => clearInterval(timer));
}

// Without the deadlines none of these sockets would ever close (each test would run into its own timeout); the
// margins only absorb a busy machine's scheduling.
const MARGIN_MS = 3000;

describe("slow and idle clients are cut off", () => {
  let t: TestApp;
  let port: number;
  // The real defaults are 10 s (headers), 30 s (whole request), 30 s (idle), 5 s (keep-alive); shortened here.
  const timeouts = { headers: 600, request: 1200, idle: 800, keepAlive: 300, checkEvery: 100 };
  beforeAll(async () => {
    t = await createTestApp({ timeouts });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it("closes connections that send a request body one byte at a time, once the request deadline passes", async () => {
    const started = Date.now();
    const clients = await Promise.all(Array.from({ length: 5 }, () => openSocket(port)));
    for (const { socket } of clients) {
      socket.write("POST /api/user/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n");
      dribble(socket, '{"email":"', 100);
    }
    const closedAt = await Promise.all(clients.map((client) => client.closed));
    for (const at of closedAt) expect(at - started).toBeLessThan(timeouts.request + MARGIN_MS);
  });

  it("closes connections that send their headers one byte at a time, once the headers deadline passes", async () => {
    const started = Date.now();
    const clients = await Promise.all(Array.from({ length: 3 }, () => openSocket(port)));
    for (const { socket } of clients) dribble(socket, "GET /healthz HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 50);
    const closedAt = await Promise.all(clients.map((client) => client.closed));
    for (const at of closedAt) expect(at - started).toBeLessThan(timeouts.headers + MARGIN_MS);
  });

  it("closes connections that open and say nothing, and kept-alive ones left idle", async () => {
    const started = Date.now();
    const silent = await openSocket(port);
    const keptAlive = await openSocket(port);
    keptAlive.socket.write("GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n");
    const [silentClosed, keptAliveClosed] = await Promise.all([silent.closed, keptAlive.closed]);
    expect(silentClosed - started).toBeLessThan(timeouts.headers + MARGIN_MS);
    expect(keptAliveClosed - started).toBeLessThan(timeouts.request + MARGIN_MS);
  });

  it("still serves a client that sends at an ordinary pace", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});
