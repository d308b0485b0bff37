import type { MithaiClientOptions } from "./index";

/** The owner's day PDFs (REST only: tRPC answers JSON). */
export type AdminDocument =
  | { kind: "production"; date: string }
  | { kind: "packing-slip"; orderId: string }
  | { kind: "packing-slips"; date: string };

const pathOf = (doc: AdminDocument) =>
  doc.kind === "production"
    ? `/api/admin/kitchen/production?date=${encodeURIComponent(doc.date)}&format=pdf`
    : doc.kind === "packing-slip"
      ? `/api/admin/orders/${encodeURIComponent(doc.orderId)}/packing-slip`
      : `/api/admin/packing-slips?date=${encodeURIComponent(doc.date)}`;

/**
 * A printable PDF for an admin: the production sheet of a delivery day, one order's packing slip, or the day's
 * slips. Answers the PDF's bytes; a refusal rejects with the shop's message (and its status and code on the error).
 */
export async function fetchAdminDocument({ url, token, fetch = globalThis.fetch }: MithaiClientOptions, doc: AdminDocument): Promise<Uint8Array> {
  const res = await fetch(`${url.replace(/\/+$/, "")}${pathOf(doc)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; code?: string };
    throw Object.assign(new Error(body.message ?? `The shop answered ${res.status}`), { status: res.status, code: body.code ?? "UNKNOWN" });
  }
  return new Uint8Array(await res.arrayBuffer());
}
