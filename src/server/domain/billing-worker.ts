import { observeJob } from "../workers.ts";
import { paymentProvider, TestPaymentProvider } from "../payments/index.ts";
import type { Services } from "../services.ts";
import { sendDuePaymentReminders } from "./payment-reminders.ts";
import { expireOverdueSubscriptions } from "./subscriptions.ts";

export const BILLING_SWEEP_MS = 15 * 60 * 1000;

/**
 * The subscription clock: every 15 minutes, members whose failed renewal is past the grace period
 * return to Basic (with the test provider its admin-movable test clock is the time), and members
 * who signed a paid level a day ago without paying are emailed a link to complete the payment.
 */
export function startBillingWorker(services: Services, intervalMs = BILLING_SWEEP_MS) {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(() =>
        observeJob(services, "billing", async () => {
          const provider = paymentProvider(services);
          const now = provider instanceof TestPaymentProvider ? await provider.now() : services.now();
          await expireOverdueSubscriptions(services, now);
          await sendDuePaymentReminders(services);
        }),
      )
      // observeJob logged it; the next sweep runs as planned.
      .catch(() => {});
    return running;
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref?.();
  return {
    name: "billing",
    sweep,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
