/**
 * Lighthouse (npm `lighthouse`, driving Debian's chromium through chrome-launcher) on the storefront's home page and
 * one product page: mobile form factor and simulated throttling (Lighthouse's defaults), each page run several times
 * and every figure reported as the median of those runs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startProcess } from "./lib";

/** Headless chromium without sandbox (root in CI) and without anything that would reach the network on its own. */
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** One Lighthouse run's figures. */
interface RunFigures {
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Largest Contentful Paint and Total Blocking Time in ms (simulated mobile), Cumulative Layout Shift unitless. */
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's CPU speed during the run; simulated figures scale with it. */
  benchmarkIndex: number;
  lighthouseVersion: string;
}

/** A page's figures: the median of its runs. */
export interface LighthousePageResult extends RunFigures {
  page: string;
  url: string;
  runs: number;
}

export const LIGHTHOUSE_TARGET = 95;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function audit(url: string, port: number): Promise<RunFigures> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    if (value === null || value === undefined) throw new Error(`Lighthouse gave no ${id} score for ${url}`);
    return Math.round(value * 100);
  };
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse gave no ${id} value for ${url}`);
    return value;
  };
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    cls: Number(numeric("cumulative-layout-shift").toFixed(3)),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, …) and asks to be run again: once. */
async function auditWithRetry(url: string, port: number): Promise<RunFigures> {
  try {
    return await audit(url, port);
  } catch (error) {
    console.error(`${(error as Error).message}; running it again`);
    return audit(url, port);
  }
}

/**
 * Runs Lighthouse `runs` times (default 3) on the home page and on the first catalogue product's page of the shop
 * at `baseUrl`, in English and under the Hindi and Telugu prefixes (/hi/, /te/: issue 28), which must already be
 * serving; returns the median figures per page.
 */
export async function lighthouseScores(baseUrl: string, options: { runs?: number; slug?: string } = {}): Promise<LighthousePageResult[]> {
  const runs = options.runs ?? 3;
  const base = baseUrl.replace(/\/+$/, "");
  const slug = options.slug ?? ((await (await fetch(`${base}/api/food/list`)).json()) as { data: { slug: string }[] }).data[0]?.slug;
  if (!slug) throw new Error(`${base} has no product to audit`);
  const pages = [
    { page: "home", url: `${base}/` },
    { page: "product", url: `${base}/product/${slug}` },
    ...(["hi", "te"] as const).flatMap((language) => [
      { page: `home (${language})`, url: `${base}/${language}/` },
      { page: `product (${language})`, url: `${base}/${language}/product/${slug}` },
    ]),
  ];

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  try {
    const results: LighthousePageResult[] = [];
    for (const { page, url } of pages) {
      const figures: RunFigures[] = [];
      // Lighthouse clears the origin's cache and storage before each run, so every run is a first visit.
      for (let i = 0; i < runs; i++) figures.push(await auditWithRetry(url, chrome.port));
      const mid = (key: Exclude<keyof RunFigures, "lighthouseVersion">) => median(figures.map((run) => run[key]));
      results.push({
        page,
        url,
        runs,
        performance: mid("performance"),
        accessibility: mid("accessibility"),
        bestPractices: mid("bestPractices"),
        seo: mid("seo"),
        lcpMs: mid("lcpMs"),
        tbtMs: mid("tbtMs"),
        cls: mid("cls"),
        benchmarkIndex: mid("benchmarkIndex"),
        lighthouseVersion: figures[0]!.lighthouseVersion,
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/** Starts the built shop on a fresh embedded database (demo catalogue) at `port`, audits it and stops it. */
export async function lighthouseBench(options: { root: string; port: number; runs?: number }): Promise<LighthousePageResult[]> {
  const base = `http://127.0.0.1:${options.port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-lighthouse-"));
  const shop = await startProcess(
    "node",
    [path.join(options.root, "apps/server/dist/server.js")],
    {
      PORT: String(options.port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      // A demo shop has no Razorpay keys; the pages then carry the test-payments banner, measured with them.
      ALLOW_SANDBOX_PAYMENTS: "true",
      JWT_SECRET: "bench-secret-bench-secret-bench-secret-42",
    },
    `${base}/readyz`,
  );
  try {
    return await lighthouseScores(base, { runs: options.runs });
  } finally {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The results as a Markdown table, with the target noted under it. */
export function lighthouseTable(results: LighthousePageResult[]): string {
  const runs = results[0]?.runs ?? 0;
  const lines = [
    `Lighthouse ${results[0]?.lighthouseVersion ?? ""} mobile (simulated throttling), median of ${runs} run${runs === 1 ? "" : "s"} per page, target ≥ ${LIGHTHOUSE_TARGET} performance and accessibility:`,
    "| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...results.map((r) => `| ${r.page} (${new URL(r.url).pathname}) | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} |`),
  ];
  const missed = results.filter((r) => r.performance < LIGHTHOUSE_TARGET || r.accessibility < LIGHTHOUSE_TARGET).map((r) => r.page);
  if (missed.length > 0) lines.push(`below target: ${missed.join(", ")}`);
  return lines.join("\n");
}

