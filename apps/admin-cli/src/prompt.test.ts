import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { PromptCancelled, readHidden } from "./prompt";

/** A terminal as readHidden sees it: keys come in as data, and what it writes is kept. */
function fakeTerminal() {
  const keys = new EventEmitter();
  const modes: boolean[] = [];
  const input = Object.assign(keys, {
    isTTY: true,
    setRawMode: (raw: boolean) => modes.push(raw),
    resume: () => {},
    pause: () => {},
  });
  let shown = "";
  const output = { write: (text: string) => (shown += text) };
  return { input, output, modes, shown: () => shown, type: (text: string) => keys.emit("data", Buffer.from(text)) };
}

describe("the hidden password prompt", () => {
  it("shows the question and never what is typed; backspace and Ctrl-U edit; Enter ends", async () => {
    const terminal = fakeTerminal();
    const answer = readHidden("Password: ", terminal.input, terminal.output);
    terminal.type("correct");
    terminal.type(" horsX\u007f");
    terminal.type("e\r");
    expect(await answer).toBe("correct horse");
    expect(terminal.shown()).toBe("Password: \n");
    // Raw mode (no echo by the terminal itself) for the question only.
    expect(terminal.modes).toEqual([true, false]);

    const again = fakeTerminal();
    const cleared = readHidden("Password: ", again.input, again.output);
    again.type("wrong\u0015right\n");
    expect(await cleared).toBe("right");
  });

  it("is cancelled by Ctrl-C, and leaves the terminal as it found it", async () => {
    const terminal = fakeTerminal();
    const answer = readHidden("Password: ", terminal.input, terminal.output);
    terminal.type("sec\u0003");
    await expect(answer).rejects.toBeInstanceOf(PromptCancelled);
    expect(terminal.modes).toEqual([true, false]);
    expect(terminal.shown()).not.toContain("sec");
  });
});
