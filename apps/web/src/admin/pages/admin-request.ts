import { toast } from "react-toastify";
import { errorCodeOf, serverMessageOf } from "../../lib/errors";

/**
 * An admin change through its typed procedure, with SPEC §8's toasts: `success` when it worked, the server's reason
 * (or `failed`) when it was refused, `error` when the server never answered. Resolves with the answer, or undefined.
 */
export async function adminAction<T>(call: () => Promise<T>, messages: { success: string; failed: string; error: string }): Promise<T | undefined> {
  try {
    const answer = await call();
    toast.success(messages.success);
    return answer;
  } catch (error) {
    const code = errorCodeOf(error);
    toast.error(serverMessageOf(error) ?? (code === undefined || code === "INTERNAL" ? messages.error : messages.failed));
    return undefined;
  }
}

/** Saves text the admin asked for (the orders CSV) as a file download. */
export function downloadText(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Opens an admin PDF (production sheet, packing slips) in a new tab: the REST route needs the admin token, so the
 * PDF is fetched with it and shown from memory. Answers the server's message when it was refused.
 */
export async function openAdminPdf(path: string, token: string | undefined): Promise<string | undefined> {
  // Opened before the fetch so the browser counts it as the click's own window (no pop-up blocker).
  const tab = window.open("", "_blank");
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    tab?.close();
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    return body.message ?? "The document could not be made. Please try again.";
  }
  const url = URL.createObjectURL(await res.blob());
  if (tab) tab.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return undefined;
}
