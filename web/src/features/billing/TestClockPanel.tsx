import { useState } from "react";
import { chicagoDate, chicagoDateTime } from "@shared/time.ts";
import { Button } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";

const STEPS = [
  { days: 1, label: "Advance 1 day" },
  { days: 7, label: "Advance 7 days" },
  { days: 31, label: "Advance 1 month" },
] as const;

/**
 * Admin only, test provider only: moves the test clock so renewals, failed renewals (past_due,
 * then Basic after the grace period) and cancellations at period end happen on one machine.
 */
export function TestClockPanel() {
  const utils = trpc.useUtils();
  const state = trpc.admin.billing.testClock.useQuery(undefined, { retry: false });
  const [notice, setNotice] = useState<string | null>(null);
  const refreshAfter = {
    onSuccess: (data: NonNullable<typeof state.data>) => {
      utils.admin.billing.testClock.setData(undefined, data);
      void utils.invalidate();
    },
    onError: (err: unknown) => setNotice(errorMessage(err, "The test clock could not be moved.")),
  };
  const advance = trpc.admin.billing.advanceTestClock.useMutation(refreshAfter);
  const failures = trpc.admin.billing.setRenewalFailure.useMutation(refreshAfter);

  return (
    <section aria-labelledby="test-clock-h" className="rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-5">
      <h2 id="test-clock-h" className="text-lg font-semibold text-slate-900">
        Test clock (TEST MODE)
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Payments use the built-in test provider. Move its clock ahead to renew subscriptions, fail renewals and end cancelled plans.
      </p>
      {state.isPending ? (
        <p role="status" className="mt-3 text-sm">Loading the test clock...</p>
      ) : state.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">{errorMessage(state.error, "The test clock is not available.")}</p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-800" role="status">
            Test clock: {chicagoDateTime(new Date(state.data.now))} ({state.data.offset_days} days ahead)
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {STEPS.map((step) => (
              <Button key={step.days} variant="secondary" disabled={advance.isPending} onClick={() => advance.mutate({ days: step.days })}>
                {step.label}
              </Button>
            ))}
          </div>
          {notice && <p role="alert" className="mt-2 text-sm text-red-800">{notice}</p>}
          {/* On a phone the table scrolls inside its own box instead of widening the page. */}
          <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[34rem] text-left text-sm">
            <caption className="sr-only">Test subscriptions</caption>
            <thead className="text-slate-500">
              <tr>
                <th className="py-1">Member</th>
                <th className="py-1">Level</th>
                <th className="py-1">Status</th>
                <th className="py-1">Period ends</th>
                <th className="py-1">Renewals</th>
              </tr>
            </thead>
            <tbody>
              {state.data.subscriptions.length === 0 && (
                <tr>
                  <td colSpan={5} className="py-2 text-slate-600">No live test subscriptions.</td>
                </tr>
              )}
              {state.data.subscriptions.map((s) => (
                <tr key={s.id} className="border-t border-amber-200">
                  <td className="break-all py-1 pr-2">{s.member_email ?? "Unknown"}</td>
                  <td className="py-1">{s.membership_level}</td>
                  <td className="py-1">{s.cancel_at_period_end ? "Cancelling" : s.status}</td>
                  <td className="py-1">{s.current_period_end ? chicagoDate(new Date(s.current_period_end)) : "-"}</td>
                  <td className="py-1">
                    <label className="inline-flex items-center gap-2">
                      <input
                        type="checkbox"
                        checked={s.fail_renewals}
                        disabled={failures.isPending}
                        onChange={(e) => failures.mutate({ subscription_id: s.id, fail: e.target.checked })}
                      />
                      Fail renewals for {s.member_email ?? s.id}
                    </label>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        </>
      )}
    </section>
  );
}
