import { chicagoToday } from "../../../shared/calendar.ts";
import type { Services } from "../../services.ts";
import type { BackgroundWorker } from "../../workers.ts";
import { postAllDue } from "./posting.ts";

export const RENT_POSTING_MS = 15 * 60 * 1000;

/**
 * The daily rent posting (PORTAL.md 3): every 15 minutes, leases not yet posted through today (in
 * Chicago) get what is due, so the first pass after midnight posts the day's rent and late fees.
 * Idempotent and safe with several processes (see postAllDue); reads post what is due too.
 */
export function startRentPosting(services: Services, intervalMs = RENT_POSTING_MS): BackgroundWorker & { runOnce(): Promise<unknown> } {
  let running: Promise<unknown> = Promise.resolve();
  const runOnce = () => {
    running = running
      .then(() => postAllDue(services.db, chicagoToday(services.now())))
      .catch((error) => console.error("[rent posting] failed:", error instanceof Error ? error.message : error));
    return running;
  };
  const first = setTimeout(runOnce, 5_000);
  const timer = setInterval(runOnce, intervalMs);
  first.unref?.();
  timer.unref?.();
  return {
    name: "rent-posting",
    runOnce,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
