/**
 * npm run bench:catalogue — only the catalogue figures of `npm run bench` (REST list, REST slug, tRPC list next to a
 * bare Fastify route), on ports BENCH_PORT and BENCH_PORT + 1 (default 3310, 3311) so it can run beside another bench.
 */
import { fileURLToPath } from "node:url";
import { catalogueLoad, catalogueTable } from "./catalogue";

const root = fileURLToPath(new URL("..", import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3310);
const rows = await catalogueLoad({ root, seconds: Number(process.env.BENCH_SECONDS ?? 8), barePort: port, shopPort: port + 1 });
console.log(catalogueTable(rows));
