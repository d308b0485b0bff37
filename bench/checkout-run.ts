/**
 * npm run bench:checkout — only the checkout path, stock untracked next to stock tracked (issue 18), each on its own
 * throwaway PostgreSQL database (BENCH_DATABASE_URL), BENCH_ORDERS orders each (default 1000).
 */
import { fileURLToPath } from "node:url";
import { checkoutLoad, printCheckout, type CheckoutResult } from "./checkout";

const root = fileURLToPath(new URL("..", import.meta.url));
const orders = Number(process.env.BENCH_ORDERS ?? 1000);
const results: CheckoutResult[] = [];
for (const stockTracked of [false, true]) {
  const result = await checkoutLoad({ root, port: Number(process.env.BENCH_PORT ?? 3305), orders, concurrency: 50, stockTracked });
  if (result) results.push(result);
}
printCheckout(results);
if (results.some((run) => !run.consistent)) process.exitCode = 1;
