import { chicagoToday, type IsoDate } from "../../../shared/calendar.ts";
import type { Services } from "../../services.ts";
import type { BackgroundWorker } from "../../workers.ts";
import { postAllDue } from "./posting.ts";
import { sendRentReminders } from "./reminders.ts";
import { closeMonthlyStatements } from "./reports.ts";
import { sendComplianceDigests } from "./compliance.ts";
import { runAutopay } from "./autopay.ts";

/** One pass of the daily job: post what is due through `today`, then send the day's reminders. */
export async function dailyRentJob(services: Services, today: IsoDate) {
  await postAllDue(services.db, today);
  return sendRentReminders(services, today);
}

export const RENT_POSTING_MS = 15 * 60 * 1000;

/**
 * The daily rent posting (PORTAL.md 3), the reminders (PORTAL.md 4) and the monthly statements
 * (PORTAL.md 6): every 15 minutes, leases not yet posted through today (in Chicago) get what is
 * due, so the first pass after midnight posts the day's rent and late fees, then the day's
 * reminders go out, then autopay charges the day's rent, then last month's statements are kept (and emailed) for owners who have none
 * yet, then the week's compliance emails. Idempotent and safe with several processes (see postAllDue,
 * sendRentReminders, runAutopay, closeMonthlyStatements and sendComplianceDigests); reads post what is due too.
 */
export function startRentPosting(services: Services, intervalMs = RENT_POSTING_MS): BackgroundWorker & { runOnce(): Promise<unknown> } {
  let running: Promise<unknown> = Promise.resolve();
  const runOnce = () => {
    running = running
      .then(async () => {
        const today = chicagoToday(services.now());
        await dailyRentJob(services, today);
        await runAutopay(services, today);
        await closeMonthlyStatements(services, today);
        await sendComplianceDigests(services, today);
      })
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
