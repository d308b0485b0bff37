/** What `readHidden` needs of a terminal: process.stdin and process.stdout, or a test's stand-ins. */
export interface TerminalInput {
  isTTY?: boolean;
  setRawMode?(raw: boolean): unknown;
  on(event: "data", listener: (chunk: Buffer | string) => void): unknown;
  off(event: "data", listener: (chunk: Buffer | string) => void): unknown;
  resume(): unknown;
  pause(): unknown;
  setEncoding?(encoding: BufferEncoding): unknown;
}

export interface TerminalOutput {
  write(text: string): unknown;
}

/** The person pressed Ctrl-C at a prompt. */
export class PromptCancelled extends Error {
  constructor() {
    super("cancelled");
  }
}

/**
 * Asks for a secret on a terminal without showing it: the terminal is put in raw mode (no echo) and each key is
 * read here, so nothing typed is ever written back (readline's muting does not hold on Node 20's
 * readline/promises). Enter ends it, Backspace takes back a character, Ctrl-C cancels, Ctrl-U clears.
 */
export function readHidden(question: string, input: TerminalInput, output: TerminalOutput): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = "";
    // No echo before the question shows: keys typed as soon as it appears must not be echoed by the terminal.
    input.setRawMode?.(true);
    input.setEncoding?.("utf8");
    output.write(question);
    const finish = (error?: Error) => {
      input.off("data", onData);
      input.setRawMode?.(false);
      input.pause();
      output.write("\n");
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of String(chunk)) {
        if (char === "\r" || char === "\n" || char === "\u0004") return finish();
        if (char === "\u0003") return finish(new PromptCancelled());
        if (char === "\u007f" || char === "\b") answer = answer.slice(0, -1);
        else if (char === "\u0015") answer = "";
        else if (char >= " ") answer += char;
      }
    };
    input.on("data", onData);
    input.resume();
  });
}
