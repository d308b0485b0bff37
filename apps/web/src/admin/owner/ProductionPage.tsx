import { useState } from "react";
import { toast } from "react-toastify";
import { addShopDays, shopDay } from "@mithai/schema";
import { useDocumentTitle } from "../../lib/use-document-title";
import { openAdminPdf } from "../pages/admin-request";
import { getAdminSession } from "../session";
import { adminTrpc } from "../trpc";

/**
 * The kitchen's production sheet: for a delivery day (tomorrow by default), how many kg of each sweet to prepare —
 * paid orders, not cancelled, expected that day from their zone's delivery days — with the orders behind each line.
 * Prints as a page (the panel's frame is left off) or as a PDF; the day's packing slips print from here too.
 */
export function ProductionPage() {
  useDocumentTitle("Production sheet");
  const [date, setDate] = useState(() => addShopDays(shopDay(new Date()), 1));
  const sheet = adminTrpc.admin.production.useQuery({ date }, { enabled: /^\d{4}-\d\d-\d\d$/.test(date) });
  const total = sheet.data?.lines.reduce((sum, line) => sum + line.kg, 0) ?? 0;
  const pdf = async (path: string) => {
    const problem = await openAdminPdf(path, getAdminSession()?.token);
    if (problem) toast.error(problem);
  };
  return (
    <section className="admin-page owner-production">
      <div className="page-head">
        <h1>Production sheet</h1>
        <div className="row-actions no-print">
          <button type="button" className="btn-small" onClick={() => window.print()}>
            Print
          </button>
          <button type="button" className="btn-small" onClick={() => void pdf(`/api/admin/kitchen/production?date=${date}&format=pdf`)}>
            PDF
          </button>
          <button type="button" className="btn-small" onClick={() => void pdf(`/api/admin/packing-slips?date=${date}`)}>
            Packing slips for the day
          </button>
        </div>
      </div>
      <label className="owner-date no-print">
        Delivery day <input type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
      </label>
      <p className="print-only">Delivery day {date}</p>
      {sheet.error && <p role="alert">{sheet.error.message}</p>}
      {sheet.data &&
        (sheet.data.lines.length === 0 ? (
          <p>Nothing to prepare for {date}: no paid orders are due that day.</p>
        ) : (
          <div className="table-scroll">
            <table className="owner-table" data-testid="production-table">
              <caption className="visually-hidden">kg of each sweet to prepare for {date}</caption>
              <thead>
                <tr>
                  <th scope="col">Sweet</th>
                  <th scope="col">kg</th>
                  <th scope="col">Orders</th>
                </tr>
              </thead>
              <tbody>
                {sheet.data.lines.map((line) => (
                  <tr key={line.itemId}>
                    <th scope="row">{line.name}</th>
                    <td>{line.kg}</td>
                    <td>{line.orders.join(", ")}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td>{total}</td>
                  <td>{plural(new Set(sheet.data.lines.flatMap((line) => line.orders)).size, "order")}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        ))}
    </section>
  );
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
