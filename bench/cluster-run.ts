/** npm run bench:cluster — only the several-servers figures of `npm run bench` (see bench/cluster.ts). */
import { fileURLToPath } from "node:url";
import { clusterLoad, clusterTable } from "./cluster";

const result = await clusterLoad({
  root: fileURLToPath(new URL("..", import.meta.url)),
  seconds: Number(process.env.BENCH_SECONDS ?? 8),
  ports: { balancer: 3305, a: 3306, b: 3307, redis: 3308 },
});
if (result) console.log(clusterTable(result));
