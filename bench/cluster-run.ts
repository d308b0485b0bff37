/** npm run bench:cluster — only the several-servers figures of `npm run bench` (see bench/cluster.ts). */
import { fileURLToPath } from "node:url";
import { clusterLoad, clusterTable } from "./cluster";

const result = await clusterLoad({
  root: fileURLToPath(new URL("..", import.meta.url)),
  seconds: Number(process.env.BENCH_SECONDS ?? 8),
  ports: { balancer: 3190, a: 3191, b: 3192, redis: 3194 },
});
if (result) console.log(clusterTable(result));
