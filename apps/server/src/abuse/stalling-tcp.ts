import { createServer, connect, type Server, type Socket } from "node:net";

/** A TCP server that takes connections and bytes and never answers: a hung store. */
export async function startHungServer(port: number): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("data", () => undefined);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await listen(server, port);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => closeAll(server, sockets),
  };
}

/**
 * A proxy that holds each new connection's bytes for `delayMs`, then forwards them (all of them, even when the client
 * has gone meanwhile) and pipes the answer back: a store that stalls, then takes in the write it was sent anyway.
 */
export async function startSlowProxy(port: number, upstreamPort: number, delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    const held: Buffer[] = [];
    let upstream: Socket | null = null;
    client.on("data", (chunk: Buffer) => (upstream ? upstream.write(chunk) : held.push(chunk)));
    client.on("error", () => undefined);
    client.on("close", () => sockets.delete(client));
    setTimeout(() => {
      upstream = connect(upstreamPort, "127.0.0.1");
      sockets.add(upstream);
      upstream.on("error", () => undefined);
      upstream.on("close", () => sockets.delete(upstream!));
      for (const chunk of held) upstream.write(chunk);
      upstream.on("data", (chunk: Buffer) => {
        if (!client.destroyed) client.write(chunk);
      });
      client.on("end", () => upstream?.end());
    }, delayMs);
  });
  await listen(server, port);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => closeAll(server, sockets),
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
}

function closeAll(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * A pass-through proxy that can be made to hang: `hang()` cuts the connections under way and from then on takes
 * connections and bytes without answering (a hung store); `resume()` passes everything through again.
 */
export async function startSwitchableProxy(port: number, upstreamPort: number): Promise<{ url: string; hang(): void; resume(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const held = new Set<Socket>();
  let hung = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => {
      sockets.delete(socket);
      held.delete(socket);
    });
  };
  const server = createServer((client) => {
    track(client);
    if (hung) {
      held.add(client);
      client.on("data", () => undefined);
      return;
    }
    const upstream = connect(upstreamPort, "127.0.0.1");
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await listen(server, port);
  return {
    url: `http://127.0.0.1:${port}`,
    hang() {
      hung = true;
      for (const socket of sockets) if (!held.has(socket)) socket.destroy();
    },
    resume() {
      hung = false;
      for (const socket of held) socket.destroy();
    },
    close: () => closeAll(server, sockets),
  };
}
