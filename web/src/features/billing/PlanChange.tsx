import { useState } from "react";
import type { PaidLevel } from "@shared/membership.ts";
import { Button } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";

/**
 * A change between Standard and Premium, shown before it is made: the new price, the prorated
 * amount charged (or credited) now and the next bill, from the payment provider's own preview.
 * Nothing changes until the member confirms.
 */
export function PlanChangeConfirm({ email, target, onCancel }: { email: string; target: PaidLevel; onCancel: () => void }) {
  const preview = trpc.member.billing.previewPlanChange.useQuery(
    { member_email: email, target_membership_level: target },
    { retry: false, staleTime: 0, gcTime: 0 },
  );
  const [leaving, setLeaving] = useState(false);
  const change = trpc.member.billing.startUpgrade.useMutation({
    onSuccess: (answer) => {
      setLeaving(true);
      window.location.assign(answer.checkout_url);
    },
  });
  const busy = change.isPending || leaving;
  return (
    <section aria-label={`Change to ${target}`} className="space-y-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm">
      <h3 className="font-semibold text-slate-900">Change to {target}</h3>
      {preview.isPending ? (
        <p role="status">Working out the price of the change...</p>
      ) : preview.isError ? (
        <p role="alert" className="text-red-800">
          {errorMessage(preview.error, "We could not price this change. Please try again.")}
        </p>
      ) : (
        <p className="text-slate-800">{preview.data.summary}</p>
      )}
      {change.isError && (
        <p role="alert" className="text-red-800">
          {errorMessage(change.error, "Failed to change your plan.")}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Keep My Current Plan
        </Button>
        <Button
          disabled={busy || !preview.isSuccess}
          onClick={() => change.mutate({ target_membership_level: target, billing_frequency: "monthly", member_email: email })}
        >
          {busy ? "Changing your plan..." : `Confirm Change to ${target}`}
        </Button>
      </div>
    </section>
  );
}
