import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SHORT_LIVED_NODE_FLAGS } from "../faults/processes";

const script = fileURLToPath(new URL("./openapi-document.ts", import.meta.url));

describe("npm run openapi:document", () => {
  it("prints the document, and ends quietly (exit 0, no stack trace) when its reader stops early, as `| head` does", async () => {
    const child = spawn(process.execPath, [...SHORT_LIVED_NODE_FLAGS, "--import", "tsx", script], { stdio: ["ignore", "pipe", "pipe"] });
    let first = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    // Read the first chunk, then close the pipe with the rest unread.
    child.stdout.once("data", (chunk: Buffer) => {
      first = chunk.toString("utf8");
      child.stdout.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(first).toMatch(/^\{\n {2}"openapi": "3\.1\.0"/);
    expect(stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(code).toBe(0);
  });
});
