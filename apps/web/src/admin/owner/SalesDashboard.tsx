import { useMemo, useState } from "react";
import uPlot from "uplot";
import type { SalesReport } from "@mithai/schema";
import { addShopDays, csvLine, formatRupees, shopDay } from "@mithai/schema";
import { downloadText } from "../pages/admin-request";
import { adminTrpc } from "../trpc";
import { UPlotChart } from "./UPlotChart";

const PRESETS = [7, 30, 90] as const;
const MAROON = "#7a1f2b";
const SAFFRON = "#e08a00";

/** Bars, drawn by uPlot's own path builder. */
const bars = () => uPlot.paths.bars?.({ size: [0.7, 40] });

/** An axis tick in rupees, short: ₹500, ₹1.5k, ₹12k, ₹1.2L (lakh). */
function rupeeTick(v: number): string {
  const short = (n: number) => n.toLocaleString("en-IN", { maximumFractionDigits: 1 });
  if (v >= 100_000) return `₹${short(v / 100_000)}L`;
  if (v >= 1000) return `₹${short(v / 1000)}k`;
  return `₹${short(v)}`;
}

/** Half a day either side, so the first and last days' bars are whole. */
const DAY_SCALE: uPlot.Scale = { time: false, range: (_u, min, max) => [min - 43_200, max + 43_200] };

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const dayLabel = (seconds: number) => new Date(seconds * 1000).toLocaleDateString("en-IN", { timeZone: "UTC", day: "numeric", month: "short" });

/** The series as the CSV download writes it: one row a day, rupees with paise. */
export function salesCsv(report: SalesReport): string {
  return `\uFEFF${csvLine(["Date", "Orders", "Paid (INR)", "Refunded (INR)", "Net (INR)"])}${report.series.map((d) => csvLine([d.date, d.orders, d.paid, d.refunded, d.net])).join("")}`;
}

/**
 * The admin home's sales pictures: net sales (paid − refunded) and refunds per day, orders per day, the average
 * order, and the top sweets by rupees and by kg, for the last 7 / 30 / 90 days or a chosen range. Every chart has
 * its figures beside it in a table, and the series downloads as CSV.
 */
export function SalesDashboard() {
  const today = shopDay(new Date());
  const [range, setRange] = useState({ from: addShopDays(today, -6), to: today });
  const [custom, setCustom] = useState(range);
  const sales = adminTrpc.admin.sales.useQuery({ ...range, by: "day" }, { staleTime: 30_000 });
  const report = sales.data;

  const x = useMemo(() => report?.series.map((d) => dayStart(d.date)) ?? [], [report]);
  const moneyData = useMemo<uPlot.AlignedData>(() => [x, report?.series.map((d) => d.net) ?? [], report?.series.map((d) => d.refunded) ?? []], [x, report]);
  const orderData = useMemo<uPlot.AlignedData>(() => [x, report?.series.map((d) => d.orders) ?? []], [x, report]);
  const axes = useMemo<uPlot.Axis[]>(
    () => [
      { values: (_u, splits) => splits.map(dayLabel), space: 60 },
      { values: (_u, splits) => splits.map(rupeeTick), size: 64 },
    ],
    [],
  );
  const moneyOptions = useMemo<Omit<uPlot.Options, "width">>(
    () => ({
      height: 240,
      scales: { x: DAY_SCALE },
      axes,
      legend: { live: false },
      series: [
        { label: "Day", value: (_u, v) => (v == null ? "" : dayLabel(v)) },
        { label: "Net sales", stroke: MAROON, fill: "rgba(122,31,43,0.75)", paths: bars(), value: (_u, v) => (v == null ? "" : formatRupees(v)) },
        { label: "Refunds", stroke: SAFFRON, width: 2, points: { show: true }, value: (_u, v) => (v == null ? "" : formatRupees(v)) },
      ],
    }),
    [axes],
  );
  const orderOptions = useMemo<Omit<uPlot.Options, "width">>(
    () => ({
      height: 180,
      scales: { x: DAY_SCALE },
      legend: { live: false },
      axes: [axes[0]!, { size: 40 }],
      series: [
        { label: "Day", value: (_u, v) => (v == null ? "" : dayLabel(v)) },
        { label: "Orders", stroke: SAFFRON, fill: "rgba(224,138,0,0.7)", paths: bars() },
      ],
    }),
    [axes],
  );

  const choose = (days: number) => {
    const next = { from: addShopDays(today, 1 - days), to: today };
    setRange(next);
    setCustom(next);
  };
  const presetDays = PRESETS.find((days) => range.to === today && range.from === addShopDays(today, 1 - days));
  const customValid = custom.from !== "" && custom.to !== "" && custom.from <= custom.to;

  return (
    <section className="owner-sales" aria-labelledby="sales-heading">
      <div className="page-head">
        <h2 id="sales-heading">Sales</h2>
        <div className="owner-range" role="group" aria-label="Period">
          {PRESETS.map((days) => (
            <button key={days} type="button" className="btn-small" aria-pressed={presetDays === days} onClick={() => choose(days)}>
              {days} days
            </button>
          ))}
        </div>
      </div>
      <form
        className="owner-custom-range"
        onSubmit={(event) => {
          event.preventDefault();
          if (customValid) setRange(custom);
        }}
      >
        <label>
          From <input type="date" value={custom.from} max={today} onChange={(e) => setCustom({ ...custom, from: e.target.value })} />
        </label>
        <label>
          To <input type="date" value={custom.to} max={today} onChange={(e) => setCustom({ ...custom, to: e.target.value })} />
        </label>
        <button type="submit" className="btn-small" disabled={!customValid}>
          Show
        </button>
        {!customValid && <span className="field-error">The start date must not be after the end date.</span>}
      </form>
      {sales.error && <p role="alert">{sales.error.message}</p>}
      {report && (
        <>
          <dl className="owner-totals" aria-live="polite">
            <div>
              <dt>Net sales</dt>
              <dd data-testid="total-net">{formatRupees(report.totals.net)}</dd>
            </div>
            <div>
              <dt>Orders</dt>
              <dd data-testid="total-orders">{report.totals.orders}</dd>
            </div>
            <div>
              <dt>Average order</dt>
              <dd data-testid="average-order">{formatRupees(report.totals.averageOrder)}</dd>
            </div>
            <div>
              <dt>Refunds</dt>
              <dd data-testid="total-refunded">{formatRupees(report.totals.refunded)}</dd>
            </div>
          </dl>
          <p className="muted">
            {report.from} to {report.to}, shop time. Net = paid − refunded; orders count on the day they were placed.
          </p>
          <div className="owner-charts">
            <figure>
              <figcaption>Net sales and refunds per day</figcaption>
              <UPlotChart
                options={moneyOptions}
                data={moneyData}
                testId="chart-net"
                label={`Net sales per day from ${report.from} to ${report.to}: ${formatRupees(report.totals.net)} in all, ${formatRupees(report.totals.refunded)} refunded. The figures are in the table below.`}
              />
            </figure>
            <figure>
              <figcaption>Orders per day</figcaption>
              <UPlotChart options={orderOptions} data={orderData} testId="chart-orders" label={`Orders per day: ${report.totals.orders} in all. The figures are in the table below.`} />
            </figure>
          </div>
          <details className="owner-figures" open={report.series.length <= 7}>
            <summary>Figures per day</summary>
            <div className="table-scroll">
              <table className="owner-table" data-testid="sales-table">
                <caption className="visually-hidden">Sales per day</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Orders</th>
                    <th scope="col">Paid</th>
                    <th scope="col">Refunded</th>
                    <th scope="col">Net</th>
                  </tr>
                </thead>
                <tbody>
                  {report.series.map((d) => (
                    <tr key={d.date}>
                      <th scope="row">{d.date}</th>
                      <td>{d.orders}</td>
                      <td>{formatRupees(d.paid)}</td>
                      <td>{formatRupees(d.refunded)}</td>
                      <td>{formatRupees(d.net)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
          <button type="button" className="btn-small" onClick={() => downloadText(salesCsv(report), `sales-${report.from}-to-${report.to}.csv`, "text/csv;charset=utf-8")}>
            Download CSV
          </button>
          <TopSweets report={report} />
        </>
      )}
    </section>
  );
}

/** The top sweets as bar lists, by rupees and by kg, with the figures written on each bar. */
function TopSweets({ report }: { report: SalesReport }) {
  if (report.top.length === 0) return <p className="muted">No sweets sold in this period.</p>;
  const byKg = [...report.top].sort((a, b) => b.kg - a.kg || a.name.localeCompare(b.name));
  const maxNet = Math.max(...report.top.map((t) => t.net), 1);
  const maxKg = Math.max(...report.top.map((t) => t.kg), 1);
  return (
    <div className="owner-top">
      <div>
        <h3 id="top-net">Top sweets by rupees</h3>
        <ol className="owner-bars" aria-labelledby="top-net" data-testid="top-net">
          {report.top.map((t) => (
            <li key={t.itemId}>
              <span className="owner-bar-name">{t.name}</span>
              <span className="owner-bar" style={{ width: `${Math.max(2, (t.net / maxNet) * 100)}%` }} aria-hidden="true" />
              <span className="owner-bar-figure">{formatRupees(t.net)}</span>
            </li>
          ))}
        </ol>
      </div>
      <div>
        <h3 id="top-kg">Top sweets by kg</h3>
        <ol className="owner-bars" aria-labelledby="top-kg" data-testid="top-kg">
          {byKg.map((t) => (
            <li key={t.itemId}>
              <span className="owner-bar-name">{t.name}</span>
              <span className="owner-bar kg" style={{ width: `${Math.max(2, (t.kg / maxKg) * 100)}%` }} aria-hidden="true" />
              <span className="owner-bar-figure">{t.kg} kg</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
