import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";

/** What `login` keeps: the shop it signed in to, who, and the token. Never inside a repository. */
export interface SavedSession {
  url: string;
  email: string;
  token: string;
}

/** `$MITHAI_CONFIG_DIR`, else the user's config dir (`$XDG_CONFIG_HOME` or ~/.config) + /mithai. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MITHAI_CONFIG_DIR) return env.MITHAI_CONFIG_DIR;
  return path.join(env.XDG_CONFIG_HOME || path.join(homedir(), ".config"), "mithai");
}

const sessionFile = () => path.join(configDir(), "session.json");

export async function readSession(): Promise<SavedSession | null> {
  try {
    const saved = JSON.parse(await readFile(sessionFile(), "utf8")) as Partial<SavedSession>;
    return saved.url && saved.email && saved.token ? { url: saved.url, email: saved.email, token: saved.token } : null;
  } catch {
    return null;
  }
}

/**
 * Written readable by its owner only: the token is a password for the shop's admin. The modes are set explicitly
 * after writing: `mode` on mkdir and writeFile applies only to a folder or file that does not exist yet (and is
 * narrowed by the umask), so a session.json left at 644 by something else would otherwise stay 644.
 */
export async function saveSession(session: SavedSession): Promise<string> {
  await mkdir(configDir(), { recursive: true, mode: 0o700 });
  await chmod(configDir(), 0o700);
  // Emptied and narrowed before the token goes in, so the token is never readable by others, even for a moment.
  await writeFile(sessionFile(), "", { mode: 0o600 });
  await chmod(sessionFile(), 0o600);
  await writeFile(sessionFile(), `${JSON.stringify(session, null, 2)}\n`);
  return sessionFile();
}

export async function forgetSession(): Promise<boolean> {
  const had = (await readSession()) !== null;
  await rm(sessionFile(), { force: true });
  return had;
}
