import { createRequire } from "node:module";
import type { Registry } from "prom-client";

/**
 * prom-client's default collectors, by its own names (collectDefaultMetrics.metricsList), all but `gc`: process CPU,
 * start time, memory, file descriptors, resources, handles and requests, heap and its spaces, event-loop lag, version.
 * Each is a file of its own in prom-client (`lib/metrics/<name>.js`, a function of the registry and the options).
 */
export const PROCESS_COLLECTOR_NAMES = [
  "processCpuTotal",
  "processStartTime",
  "osMemoryHeap",
  "processOpenFileDescriptors",
  "processMaxFileDescriptors",
  "eventLoopLag",
  "processResources",
  "processHandles",
  "processRequests",
  "heapSizeAndUsed",
  "heapSpacesSizeAndUsed",
  "version",
] as const;

type Collector = (registry: Registry, options: { prefix: string; eventLoopMonitoringPrecision: number }) => void;
const require = createRequire(import.meta.url);

/** How often the event loop's delay is sampled (prom-client's default: 10 ms). */
const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * The process's figures under `prefix` (`mithai_process_*`, `mithai_nodejs_*`): prom-client's defaults without its GC
 * histogram, and the event loop sampled every EVENT_LOOP_SAMPLE_MS. The GC observer (an entry and an immediate for
 * every collection, about 80 a second under load) and a hundred loop wake-ups a second together cost a catalogue
 * read about 2 % of its CPU, measured side by side (docs/figures.md); without both, nothing measurable. A stall
 * longer than the sampling interval still shows in full in the lag figures.
 */
export function collectProcessMetrics(registry: Registry, prefix: string): void {
  for (const name of PROCESS_COLLECTOR_NAMES) {
    (require(`prom-client/lib/metrics/${name}.js`) as Collector)(registry, { prefix, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  }
}
