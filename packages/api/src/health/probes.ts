/**
 * What only the running server can tell about itself, for the health report: its reconciler, its calls to the
 * payment provider, its disk, and whether Redis and the picture store answer. The server fills these in; the
 * database's side (the outbox, pending orders, backups) the report reads itself.
 */
export interface HealthProbes {
  /** How often this server's reconciler runs, and the age at which it looks at a pending order. */
  reconcileIntervalMs: number;
  reconcileAfterMs: number;
  /** When this server's reconciler last finished a pass, and whether it went through; null before its first. */
  reconcilerLastPass(): { at: Date; ok: boolean } | null;
  /** When this server started (a reconciler that has not run yet is fine for its first intervals). */
  startedAt: Date;
  /** Calls to the payment provider from this server in the last hour, and how many got no good answer. */
  providerCallsLastHour(): { calls: number; errors: number };
  /** Free and total bytes of the disk DATA_DIR is on; null when it cannot be read. */
  diskSpace(): Promise<{ freeBytes: number; totalBytes: number } | null>;
  /** "unused" without REDIS_URL. */
  redis(): Promise<"unused" | "ok" | "down">;
  /** The picture store (disk or bucket) answers. */
  storage(): Promise<{ kind: "disk" | "s3"; ok: boolean }>;
  /** BACKUP_DIR is set: the server makes a backup every day. */
  dailyBackups: boolean;
}

/** Probes for tests and tools: a healthy server that has just started. */
export const QUIET_PROBES: HealthProbes = {
  reconcileIntervalMs: 60_000,
  reconcileAfterMs: 300_000,
  reconcilerLastPass: () => null,
  // Read when used (a spread copies it then): a server that started just now, however long ago this module was loaded
  // (a test worker runs file after file on it; five intervals without a pass reads as a silent reconciler).
  get startedAt() {
    return new Date();
  },
  providerCallsLastHour: () => ({ calls: 0, errors: 0 }),
  diskSpace: async () => null,
  redis: async () => "unused",
  storage: async () => ({ kind: "disk", ok: true }),
  dailyBackups: false,
};
