import { useState } from "react";
import { formatAmount } from "@shared/membership.ts";
import { chicagoDate } from "@shared/time.ts";
import { Button, buttonClass } from "../../components/Button.tsx";
import { useAlert } from "../../components/alert.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { TestModeBanner, useSessionIdParam, Working } from "./shared.tsx";

/** The test provider's billing portal: the member's subscription, invoices and cancellation. */
export default function TestBillingPage() {
  const session = useSessionIdParam("session");
  const alert = useAlert();
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const billing = trpc.public.testProvider.billing.useQuery({ session: session ?? "" }, { enabled: session !== null, retry: false });
  const cancel = trpc.public.testProvider.cancelInBilling.useMutation({
    onSuccess: (data) => utils.public.testProvider.billing.setData({ session: session ?? "" }, data),
    onError: (err) => setError(errorMessage(err, "Failed to cancel subscription")),
  });

  return (
    <main className="min-h-screen bg-slate-100 px-4 py-10">
      <div className="mx-auto max-w-2xl space-y-4">
        <TestModeBanner />
        <div className="rounded-xl bg-white p-6 shadow-sm">
          <h1 className="text-2xl font-bold text-slate-900">Billing portal</h1>
          {!session ? (
            <p role="alert" className="mt-3">This billing portal link is incomplete.</p>
          ) : billing.isPending ? (
            <Working label="Loading your billing details..." />
          ) : billing.isError ? (
            <p role="alert" className="mt-3 text-slate-800">
              {errorMessage(billing.error, "This billing portal link has expired.")}
            </p>
          ) : (
            <>
              <section className="mt-4" aria-labelledby="subs-h">
                <h2 id="subs-h" className="text-lg font-semibold text-slate-900">Subscription</h2>
                {billing.data.subscriptions.length === 0 && <p className="mt-2 text-slate-600">No subscriptions.</p>}
                <ul className="mt-2 space-y-3">
                  {billing.data.subscriptions.map((s) => (
                    <li key={s.id} className="rounded-lg border border-slate-200 p-4">
                      <p className="font-medium text-slate-900">
                        {s.membership_level} · {formatAmount(s.amount_cents, s.currency)} per month
                      </p>
                      <p className="text-sm text-slate-600">
                        {s.status === "canceled"
                          ? "Ended"
                          : s.cancel_at_period_end && s.current_period_end
                            ? `Cancels on ${chicagoDate(new Date(s.current_period_end))}`
                            : s.current_period_end
                              ? `${s.status === "past_due" ? "Payment past due. " : ""}Renews on ${chicagoDate(new Date(s.current_period_end))}`
                              : s.status}
                      </p>
                      {s.status !== "canceled" && !s.cancel_at_period_end && (
                        <Button
                          variant="danger"
                          className="mt-3"
                          disabled={cancel.isPending}
                          onClick={async () => {
                            const ok = await alert({
                              title: "Cancel subscription?",
                              message: "Your membership stays active until the end of the period you paid for, then returns to Basic.",
                              confirmLabel: "Cancel subscription",
                              cancelLabel: "Keep subscription",
                              destructive: true,
                            });
                            if (ok) cancel.mutate({ session: session, subscription_id: s.id });
                          }}
                        >
                          Cancel subscription
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
                {error && (
                  <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
                    {error}
                  </p>
                )}
              </section>
              <section className="mt-6" aria-labelledby="inv-h">
                <h2 id="inv-h" className="text-lg font-semibold text-slate-900">Invoices</h2>
                <table className="mt-2 w-full text-left text-sm">
                  <thead className="text-slate-500">
                    <tr>
                      <th className="py-1">Date</th>
                      <th className="py-1">Amount</th>
                      <th className="py-1">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {billing.data.invoices.map((i) => (
                      <tr key={i.id} className="border-t border-slate-100">
                        <td className="py-1">{chicagoDate(new Date(i.created_at))}</td>
                        <td className="py-1">{formatAmount(i.amount_cents, i.currency)}</td>
                        <td className="py-1 capitalize">{i.status === "open" ? "Failed" : i.status}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
              <a href={billing.data.return_url} className={buttonClass("secondary", "mt-6")}>
                Return to your portal
              </a>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
