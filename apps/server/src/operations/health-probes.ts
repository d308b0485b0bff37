import { statfs } from "node:fs/promises";
import type { HealthProbes, ImageStore } from "@mithai/api";
import { observeProviderCalls } from "@mithai/api";
import type { Env } from "../env";

const MINUTE_MS = 60_000;

/** Provider calls and their failures per minute for the last hour, on this server. */
function providerCallWindow() {
  const minutes = new Map<number, { calls: number; errors: number }>();
  const stop = observeProviderCalls(() => (outcome) => {
    const minute = Math.floor(Date.now() / MINUTE_MS);
    const slot = minutes.get(minute) ?? { calls: 0, errors: 0 };
    slot.calls += 1;
    if (outcome === "error") slot.errors += 1;
    minutes.set(minute, slot);
    for (const old of minutes.keys()) if (old <= minute - 60) minutes.delete(old);
  });
  return {
    stop,
    lastHour() {
      const since = Math.floor(Date.now() / MINUTE_MS) - 60;
      let calls = 0;
      let errors = 0;
      for (const [minute, slot] of minutes) {
        if (minute <= since) continue;
        calls += slot.calls;
        errors += slot.errors;
      }
      return { calls, errors };
    },
  };
}

export interface ServerHealthProbes extends HealthProbes {
  /** The reconciler's pass ended (server.ts hands it every pass). */
  reconcilerPassed(pass: { startedAt: Date; seconds: number; ok: boolean }): void;
  stop(): void;
}

/** What this server knows about itself for the health report; the picture store's probe asks for a name that never exists. */
export function createHealthProbes(env: Env, images: ImageStore, redisState: () => "unused" | "ok" | "down"): ServerHealthProbes {
  const calls = providerCallWindow();
  let lastPass: { at: Date; ok: boolean } | null = null;
  return {
    reconcileIntervalMs: env.reconcileIntervalMs,
    reconcileAfterMs: env.reconcileAfterMs,
    startedAt: new Date(),
    dailyBackups: env.backups.dir !== null,
    reconcilerLastPass: () => lastPass,
    reconcilerPassed({ startedAt, seconds, ok }) {
      lastPass = { at: new Date(startedAt.getTime() + seconds * 1000), ok };
    },
    providerCallsLastHour: () => calls.lastHour(),
    async diskSpace() {
      try {
        const stats = await statfs(env.dataDir);
        return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
      } catch {
        return null;
      }
    },
    redis: async () => redisState(),
    async storage() {
      try {
        await images.has("health-probe.webp");
        return { kind: images.kind, ok: true };
      } catch {
        return { kind: images.kind, ok: false };
      }
    },
    stop: () => calls.stop(),
  };
}
