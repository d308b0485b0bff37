/**
 * npm run bench:checkout — only the checkout path, stock untracked next to stock tracked (issue 18), each on its own
 * throwaway PostgreSQL database (BENCH_DATABASE_URL), BENCH_ORDERS orders each (default 1000).
 */
import { fileURLToPath } from "node:url";
import { checkoutLoad, printCheckout, type CheckoutResult } from "./checkout";
import { benchBefore, benchRounds, changeOfMeans, eachRound } from "./lib";

const root = fileURLToPath(new URL("..", import.meta.url));
const orders = Number(process.env.BENCH_ORDERS ?? 1000);
const port = Number(process.env.BENCH_PORT ?? 3305);

const before = benchBefore();
if (before) {
  // Side by side with another build (BENCH_BEFORE): before and after in alternating rounds, each stock mode.
  const runs: Record<"before" | "after", CheckoutResult[]> = { before: [], after: [] };
  for (let round = 0; round < benchRounds(); round++) {
    for (const [side, tree] of [["before", before], ["after", root]] as const) {
      for (const stockTracked of [false, true]) {
        const result = await checkoutLoad({ root: tree, port, orders, concurrency: 50, stockTracked });
        if (!result?.consistent) throw new Error(`${side}: the ${stockTracked ? "tracked" : "untracked"} run was not consistent`);
        runs[side].push(result);
      }
    }
  }
  console.log(`\ncheckout, ${before} (before) against ${root} (after), ${orders} orders per run, ${benchRounds()} alternating rounds:`);
  console.log("| stock | orders/s before | orders/s after | change | shop CPU ms/order before | after | change | PostgreSQL CPU ms/order before | after |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const stockTracked of [false, true]) {
    const of = (side: "before" | "after", field: "ordersPerSecond" | "serverCpuMsPerOrder" | "postgresCpuMsPerOrder") =>
      runs[side].filter((run) => run.stockTracked === stockTracked).map((run) => run[field]);
    console.log(
      `| ${stockTracked ? "tracked" : "untracked"} | ${eachRound(of("before", "ordersPerSecond"))} | ${eachRound(of("after", "ordersPerSecond"))} | ${changeOfMeans(of("before", "ordersPerSecond"), of("after", "ordersPerSecond"))} | ${eachRound(of("before", "serverCpuMsPerOrder"))} | ${eachRound(of("after", "serverCpuMsPerOrder"))} | ${changeOfMeans(of("before", "serverCpuMsPerOrder"), of("after", "serverCpuMsPerOrder"))} | ${eachRound(of("before", "postgresCpuMsPerOrder"))} | ${eachRound(of("after", "postgresCpuMsPerOrder"))} |`,
    );
  }
  process.exit(0);
}

const results: CheckoutResult[] = [];
for (const stockTracked of [false, true]) {
  const result = await checkoutLoad({ root, port, orders, concurrency: 50, stockTracked });
  if (result) results.push(result);
}
printCheckout(results);
if (results.some((run) => !run.consistent)) process.exitCode = 1;
