import { observeJob } from "../../workers.ts";
import type { Services } from "../../services.ts";
import { sendWeeklyDigests } from "./digest.ts";
import { sendDueForumEmails } from "./notifications.ts";
import { publishDueUpdates } from "./updates.ts";
import { sendWebinarReminders } from "./webinars.ts";
import { sweepContractorCredentials } from "./contractors.ts";

// The community's scheduled jobs (DECISIONS.md 25), every minute in each server process: forum
// emails once their 10 minutes are up, the weekly digest, scheduled legal updates, webinar
// reminders and credential expiry. Each job is idempotent by a key in the database, so two
// processes, a restart or two runs at once never publish or send twice.

export const COMMUNITY_SWEEP_MS = 60_000;

export interface CommunityJob {
  name: string;
  run(services: Services): Promise<unknown>;
}

export const COMMUNITY_JOBS: CommunityJob[] = [
  { name: "scheduled updates", run: publishDueUpdates },
  { name: "forum emails", run: sendDueForumEmails },
  { name: "forum digest", run: sendWeeklyDigests },
  { name: "webinar reminders", run: sendWebinarReminders },
  { name: "contractor credentials", run: sweepContractorCredentials },
];

/** Runs every job once, each on its own: one failing does not stop the others. */
export async function runCommunityJobs(services: Services): Promise<void> {
  for (const job of COMMUNITY_JOBS) {
    try {
      await job.run(services);
    } catch (error) {
      console.error(`[community] ${job.name} failed:`, error instanceof Error ? error.message : error);
    }
  }
}

export function startCommunityWorker(services: Services, intervalMs = COMMUNITY_SWEEP_MS) {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => (running = running.then(() => observeJob(services, "community", () => runCommunityJobs(services)).catch(() => {})));
  const timer = setInterval(sweep, intervalMs);
  timer.unref?.();
  return {
    name: "community",
    sweep,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
