import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState, type ComponentProps } from "react";
import { cancellationStatement, DEFAULT_CANCEL_REASON } from "@shared/billing.ts";
import { formatAmount, isPaidLevel, priceTable, type PaidLevel } from "@shared/membership.ts";
import { chicagoDate } from "@shared/time.ts";
import { Button } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { useWhoami } from "../../lib/whoami.ts";
import { trpc } from "../../trpc.ts";
import { CompletePaymentButton } from "./CompletePayment.tsx";
import { PlanChangeConfirm } from "./PlanChange.tsx";

export const BILLING_PORTAL_ERROR = "Unable to access billing portal at this time. Please contact support.";
export const CANCEL_SUCCESS =
  "Subscription cancelled successfully! Your account has been downgraded to Basic membership.";

/**
 * SPEC.md 2 "Subscription management dialog": its own trigger button and the dialog for one
 * member's email. The server answers only that member or an admin (DECISIONS.md 6).
 */
export function ManageSubscriptionDialog({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">Manage Subscription &amp; Billing</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-40 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          {open && <SubscriptionPanel email={email} onClose={() => setOpen(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SubscriptionPanel({ email, onClose }: { email: string; onClose: () => void }) {
  const utils = trpc.useUtils();
  const status = trpc.member.billing.subscription.useQuery({ email }, { retry: false, staleTime: 0 });
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const reasonId = useId();

  const portal = trpc.member.billing.billingPortal.useMutation({
    // The billing portal opens in this tab and returns here (Stripe's return_url): no new window
    // to be blocked, and no false "pop-up blocked" from a page that isolates its opener.
    onSuccess: (answer) => window.location.assign(answer.portal_url),
    onError: () => setNotice({ tone: "error", text: BILLING_PORTAL_ERROR }),
  });
  /** Opens Stripe's (or the test provider's) billing portal in a new tab; shown for a failed renewal and in the actions. */
  const billingPortalButton = ({ label = "Open Billing Portal", ...props }: Pick<ComponentProps<typeof Button>, "variant" | "className"> & { label?: string }) => (
    <Button
      {...props}
      disabled={portal.isPending}
      onClick={() => {
        setNotice(null);
        portal.mutate({ email });
      }}
    >
      {portal.isPending ? "Opening..." : label}
    </Button>
  );
  const whoami = useWhoami();
  const [changingTo, setChangingTo] = useState<PaidLevel | null>(null);
  const resume = trpc.member.billing.resume.useMutation({
    onSuccess: async (answer) => {
      setNotice({ tone: "success", text: answer.detail });
      await Promise.all([utils.member.billing.subscription.invalidate(), utils.public.site.whoami.invalidate()]);
    },
    onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to resume your subscription") }),
  });
  const cancel = trpc.member.billing.cancel.useMutation({
    onSuccess: async (answer) => {
      setConfirming(false);
      setNotice({ tone: "success", text: answer.detail });
      await Promise.all([utils.member.billing.subscription.invalidate(), utils.public.site.whoami.invalidate()]);
    },
    onError: (error) => {
      setConfirming(false);
      setNotice({ tone: "error", text: errorMessage(error, "Failed to cancel subscription") });
    },
  });

  if (status.isPending) {
    return (
      <>
        <Dialog.Title className="text-lg font-semibold text-slate-900">Subscription &amp; Billing</Dialog.Title>
        <Dialog.Description className="mt-4 text-slate-600" role="status">
          Loading your subscription...
        </Dialog.Description>
      </>
    );
  }
  if (status.isError) {
    return (
      <>
        <Dialog.Title className="text-lg font-semibold text-red-800">Error Loading Subscription</Dialog.Title>
        <Dialog.Description className="mt-2 text-slate-600">
          {errorMessage(status.error, "We could not load your subscription.")}
        </Dialog.Description>
        <div className="mt-6 flex justify-end">
          <Button onClick={onClose}>Close</Button>
        </div>
      </>
    );
  }

  const sub = status.data.subscription;
  const cancelsOn = sub.cancels_on ? new Date(sub.cancels_on) : null;
  const nextBilling = sub.next_billing_date ? new Date(sub.next_billing_date) : null;
  const statusLabel = cancelsOn ? `Cancels on ${chicagoDate(cancelsOn)}` : STATUS_LABELS[sub.status] ?? sub.status;
  const canManage = sub.status === "active" && !cancelsOn;
  const awaitingPayment = sub.status === "incomplete" && isPaidLevel(sub.membership_level);
  const otherLevel: PaidLevel | null = sub.membership_level === "Standard" ? "Premium" : sub.membership_level === "Premium" ? "Standard" : null;

  return (
    <>
      <Dialog.Title className="text-lg font-semibold text-slate-900">Subscription &amp; Billing</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-slate-600">The membership billed to {email}.</Dialog.Description>

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg bg-slate-50 p-4 text-sm">
        <dt className="text-slate-500">Membership level</dt>
        <dd className="font-medium text-slate-900">{sub.membership_level}</dd>
        <dt className="text-slate-500">Status</dt>
        <dd className="font-medium text-slate-900">{statusLabel}</dd>
        <dt className="text-slate-500">{awaitingPayment ? "Amount due" : "Amount"}</dt>
        <dd className="font-medium text-slate-900">
          {formatAmount(awaitingPayment ? priceTable[sub.membership_level].monthlyCents : sub.amount_cents, sub.currency)}
        </dd>
        <dt className="text-slate-500">Currency</dt>
        <dd className="font-medium text-slate-900">{sub.currency.toUpperCase()}</dd>
        <dt className="text-slate-500">Billing frequency</dt>
        <dd className="font-medium capitalize text-slate-900">{sub.status === "free" ? "None (free)" : sub.billing_frequency}</dd>
        <dt className="text-slate-500">Next billing date</dt>
        <dd className="font-medium text-slate-900">{nextBilling && !cancelsOn ? chicagoDate(nextBilling) : "None"}</dd>
      </dl>

      {sub.status === "past_due" && (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p role="alert">Your last renewal payment failed. Update your card in the billing portal to keep your {sub.membership_level} access.</p>
          {billingPortalButton({ className: "mt-3" })}
        </div>
      )}

      {awaitingPayment && (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>Your agreement is signed, but the first payment was not made: your {sub.membership_level} membership starts when it is.</p>
          <CompletePaymentButton applicationId={whoami.data?.member?.application_id ?? null} className="mt-3" />
        </div>
      )}

      {cancelsOn && sub.status !== "cancelled" && (
        <div className="mt-4 space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>
            Your {sub.membership_level} membership is cancelled and ends on {chicagoDate(cancelsOn)}; then it returns to Basic. Changed your
            mind? Resume it before then and nothing else changes.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button disabled={resume.isPending} onClick={() => resume.mutate({ member_email: email })}>
              {resume.isPending ? "Resuming..." : "Resume Subscription"}
            </Button>
            {billingPortalButton({ variant: "secondary", label: "Invoices & Billing Portal" })}
          </div>
        </div>
      )}

      {notice && (
        <p
          role={notice.tone === "error" ? "alert" : "status"}
          className={`mt-4 rounded-lg border p-3 text-sm ${notice.tone === "error" ? "border-red-300 bg-red-50 text-red-800" : "border-green-300 bg-green-50 text-green-900"}`}
        >
          {notice.text}
        </p>
      )}

      {canManage && (
        <div className="mt-5 space-y-4">
          <p className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900">
            <strong>If you cancel:</strong>{" "}
            {cancellationStatement(sub.membership_level, nextBilling)}
          </p>
          {confirming ? (
            <div className="space-y-3 rounded-lg border border-red-200 p-4">
              <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
                Reason for cancelling (optional)
              </label>
              <textarea
                id={reasonId}
                value={reason}
                maxLength={500}
                onChange={(e) => setReason(e.target.value)}
                placeholder={DEFAULT_CANCEL_REASON}
                className="w-full rounded-lg border border-slate-300 p-2 text-sm"
                rows={2}
              />
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
                  Keep My Subscription
                </Button>
                <Button
                  variant="danger"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate({ member_email: email, reason })}
                >
                  {cancel.isPending ? "Cancelling..." : "Confirm Cancellation"}
                </Button>
              </div>
            </div>
          ) : changingTo ? (
            <PlanChangeConfirm email={email} target={changingTo} onCancel={() => setChangingTo(null)} />
          ) : (
            <div className="flex flex-wrap gap-2">
              {billingPortalButton({ variant: "primary" })}
              {otherLevel && (
                <Button variant="secondary" onClick={() => setChangingTo(otherLevel)}>
                  {otherLevel === "Premium" ? "Upgrade to Premium" : "Switch to Standard"}
                </Button>
              )}
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Cancel Subscription
              </Button>
            </div>
          )}
        </div>
      )}

      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  cancelled: "Cancelled",
  free: "Free (Basic)",
  past_due: "Payment past due",
  incomplete: "Awaiting first payment",
};

/**
 * Beside the level in the member area's header: "Cancels on DATE" while a cancelled subscription
 * runs to its period's end, "Payment past due" after a failed renewal; nothing otherwise.
 */
export function MembershipDate({ email }: { email: string }) {
  const status = trpc.member.billing.subscription.useQuery({ email }, { retry: false });
  const sub = status.data?.subscription;
  if (!sub) return null;
  if (sub.cancels_on) {
    return (
      <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
        Cancels on {chicagoDate(new Date(sub.cancels_on))}
      </span>
    );
  }
  if (sub.status === "past_due") return <span className="rounded-full bg-red-100 px-3 py-1 text-sm font-medium text-red-800">Payment past due</span>;
  return null;
}
