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
    toast.error(serverMessageOf(error) ?? (code === undefined || code === "INTERNAL_SERVER_ERROR" ? messages.error : messages.failed));
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
