import { alertAdmins, healthReport } from "@mithai/api";
import type { ApiDeps } from "@mithai/api";

/** How often each server looks at the shop's health (the alert mail itself goes at most once an hour per problem). */
export const HEALTH_WATCH_MS = 60_000;

/** Looks at the shop's health every minute and mails the admins about what is red (payments failing, mail stuck, no backup for a day). */
export function startHealthWatch(deps: ApiDeps, everyMs = HEALTH_WATCH_MS): { stop(): Promise<void> } {
  let current: Promise<void> | null = null;
  const timer = setInterval(() => {
    current ??= healthReport(deps)
      .then((report) => alertAdmins(deps, report))
      .then(
        (mailed) => {
          if (mailed.length > 0) deps.log.warn({ problems: mailed }, "the shop's admins were mailed about its health");
        },
        (error: unknown) => deps.log.error({ err: error }, "looking at the shop's health failed"),
      )
      .finally(() => {
        current = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
