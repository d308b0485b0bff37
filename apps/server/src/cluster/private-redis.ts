import { spawn } from "node:child_process";
import { connect } from "node:net";
import { sleep } from "../faults/processes";

/** A Redis of the test's own (nothing kept on disk), so the shop's real key names meet no other test's counts. */
export async function startPrivateRedis(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("error", () => undefined);
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start on port ${port} (is redis-server installed?)`);
    await sleep(100);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.write("PING\r\n"));
    socket.setTimeout(1000, () => socket.destroy());
    socket.once("data", (data) => {
      resolve(data.toString().startsWith("+PONG"));
      socket.destroy();
    });
    socket.once("error", () => resolve(false));
    socket.once("close", () => resolve(false));
  });
}
