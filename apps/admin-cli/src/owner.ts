import { writeFile } from "node:fs/promises";
import { fetchAdminDocument } from "@mithai/client";
import type { Command } from "./command";
import { readSession } from "./config";
import { UsageError } from "./orders";
import { table } from "./output";

/** The owner's day from the command line: `sales`, `kitchen production`. Registered in cli.ts's COMMANDS. */

const rupees = (amount: number) => `₹${amount.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const DAY = /^\d{4}-\d\d-\d\d$/;

/** Today on the shop's clock (Asia/Kolkata is UTC+05:30 all year). */
const shopToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function dayOption(value: string | boolean | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !DAY.test(value)) throw new UsageError(`--${name} must be a day like 2026-11-24`);
  return value;
}

export const OWNER_COMMANDS: Record<string, Command> = {
  sales: {
    usage: "sales [--from DAY] [--to DAY] [--days N]",
    summary: "paid, refunded and net sales per day and the top sweets (the dashboard's figures)",
    help: `Days are shop days (Asia/Kolkata), both included; default the last 7 days up to today (--days N: the last N).
Orders count on the day they were placed; net = paid − refunded, to the paisa as the CSV export's Net column.`,
    options: { from: { type: "string" }, to: { type: "string" }, days: { type: "string" } },
    positionals: 0,
    needsAdmin: true,
    async run({ values, out, client }) {
      const to = dayOption(values.to, "to") ?? shopToday();
      const days = values.days === undefined ? 7 : Number(values.days);
      if (!Number.isInteger(days) || days < 1) throw new UsageError("--days must be a whole number of days, at least 1");
      const from = dayOption(values.from, "from") ?? addDays(to, 1 - days);
      const report = await client.admin.sales.query({ from, to, by: "day" });
      const t = report.totals;
      const text = [
        table(
          ["Day", "Orders", "Paid", "Refunded", "Net"],
          report.series.map((d) => [d.date, String(d.orders), rupees(d.paid), rupees(d.refunded), rupees(d.net)]),
        ),
        `Total ${from} to ${to}: ${t.orders} order${t.orders === 1 ? "" : "s"}, paid ${rupees(t.paid)}, refunded ${rupees(t.refunded)}, net ${rupees(t.net)} (average ${rupees(t.averageOrder)})`,
        "",
        report.top.length === 0 ? "No sweets sold." : table(["Top sweets", "kg", "Net"], report.top.map((s) => [s.name, String(s.kg), rupees(s.net)])),
      ].join("\n");
      out.result(report, text);
    },
  },
  "kitchen production": {
    usage: "kitchen production --date DAY [--pdf FILE]",
    summary: "how many kg of each sweet to prepare for a delivery day, with the orders behind each line",
    help: "Paid orders, not cancelled, expected for delivery on DAY (their zone's delivery days). --pdf FILE also saves the printable sheet.",
    options: { date: { type: "string" }, pdf: { type: "string" } },
    positionals: 0,
    needsAdmin: true,
    async run({ values, url, out, client }) {
      const date = dayOption(values.date, "date");
      if (!date) throw new UsageError("--date is needed: the delivery day, like 2026-11-24");
      const sheet = await client.admin.production.query({ date });
      let saved = "";
      if (typeof values.pdf === "string") {
        const session = await readSession();
        await writeFile(values.pdf, await fetchAdminDocument({ url, token: session?.url === url ? session.token : undefined }, { kind: "production", date }));
        saved = `\nPDF saved to ${values.pdf}`;
      }
      const total = sheet.lines.reduce((sum, line) => sum + line.kg, 0);
      const text =
        sheet.lines.length === 0
          ? `Nothing to prepare for ${date}.${saved}`
          : `${table(["Sweet", "kg", "Orders"], sheet.lines.map((l) => [l.name, String(l.kg), l.orders.join(" ")]))}\nTotal ${total} kg for ${date}${saved}`;
      out.result(sheet, text);
    },
  },
};
