import { toast } from "react-toastify";
import { endAdminSession, getAdminSession } from "../session";

/** What an admin call answered (SPEC §7 `{ success, message, ... }`); `T` is the rest of a successful answer. */
export type AdminAnswer<T> = ({ success: true; message?: string } & T) | { success: false; message?: string };

function adminHeaders(): Record<string, string> {
  const session = getAdminSession();
  return session ? { authorization: `Bearer ${session.token}` } : {};
}

/**
 * Calls an admin REST endpoint with the admin token. Resolves with the server's answer (also for a
 * 4xx, which carries `success: false` and a message); rejects when the network or server failed.
 */
export async function adminRequest<T = object>(path: string, init: RequestInit = {}): Promise<AdminAnswer<T>> {
  const res = await fetch(path, { ...init, cache: "no-store", headers: { ...adminHeaders(), ...init.headers } });
  // A token the server no longer accepts ends the admin session, as the admin tRPC client does.
  if (res.status === 401 && getAdminSession()) endAdminSession();
  if (res.status >= 500) throw new Error(`Server answered ${res.status}`);
  const body = (await res.json()) as AdminAnswer<T>;
  return body.success === true ? body : { success: false, message: body.message };
}

/**
 * An admin change with SPEC §8's toasts: `success` when it worked, the server's reason (or `failed`)
 * when it was refused, `error` when the server never answered. Resolves true when it worked.
 */
export async function adminAction(path: string, init: RequestInit, messages: { success: string; failed: string; error: string }): Promise<boolean> {
  try {
    const answer = await adminRequest(path, init);
    if (answer.success) toast.success(messages.success);
    else toast.error(answer.message ?? messages.failed);
    return answer.success;
  } catch {
    toast.error(messages.error);
    return false;
  }
}

export const jsonBody = (value: unknown): RequestInit => ({ body: JSON.stringify(value), headers: { "content-type": "application/json" } });

/** Downloads a file the server makes for the admin (the order CSV) under the name it suggests. */
export async function downloadAdminFile(path: string, fallbackName: string): Promise<void> {
  const res = await fetch(path, { headers: adminHeaders(), cache: "no-store" });
  if (!res.ok) throw new Error(`Server answered ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
