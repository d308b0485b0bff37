/**
 * The browser tests run in parallel, one shop per worker: each worker drives its own server (its own port, its own
 * embedded database under its own DATA_DIR), so a test never sees what another worker's test is doing to its shop's
 * settings, stock or admin. Playwright's `parallelIndex` (0 … workers − 1) picks the shop; playwright.config.ts starts
 * them all.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 2);
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

export interface E2eShop {
  port: number;
  url: string;
  /** The shop's DATA_DIR, relative to the repository root. */
  dataDir: string;
  /** Where its mails land (EMAIL_TRANSPORT's default: files under DATA_DIR). */
  outboxDir: string;
}

export function e2eShop(parallelIndex: number): E2eShop {
  const port = FIRST_PORT + parallelIndex;
  const dataDir = `.data/e2e-${parallelIndex}`;
  return { port, url: `http://127.0.0.1:${port}`, dataDir, outboxDir: `${dataDir}/outbox` };
}

export const e2eShops: E2eShop[] = Array.from({ length: E2E_WORKERS }, (_, index) => e2eShop(index));
