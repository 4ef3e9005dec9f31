import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import { Failed, FormError, Section, Working } from "../owner/ui.tsx";

/**
 * /portal/payouts (PORTAL.md 4): connect a payout account so tenants can pay rent online (Stripe
 * Connect, or the test provider in TEST MODE), and the offline instructions tenants see.
 */
export default function PayoutsPage({ canWrite }: { canWrite: boolean }) {
  const [params] = useSearchParams();
  const status = trpc.member.owner.payouts.status.useQuery(undefined, {
    // Back from onboarding the account's news may take a moment to arrive: ask again a few times.
    refetchInterval: (query) => (params.get("returned") && !query.state.data?.charges_enabled ? 3_000 : false),
  });
  const connect = trpc.member.owner.payouts.connect.useMutation({ onSuccess: (answer) => window.location.assign(answer.onboarding_url) });

  if (status.isPending) return <Working label="Loading online rent..." />;
  if (status.isError) return <Failed error={status.error} what="your online rent settings" />;
  const s = status.data;
  return (
    <div className="space-y-6">
      <Section title="Online rent">
        {s.test_mode && (
          <p className="mb-3 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
            TEST MODE: payouts and payments use the built-in test provider. No real money moves.
          </p>
        )}
        {s.charges_enabled ? (
          <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
            <strong>Connected.</strong> Your tenants can pay rent by card or bank account from their tenant portal. Each payment reaches your ledger when
            it is confirmed; a bank payment that is returned is reversed there.
          </p>
        ) : (
          <p className="text-slate-700">
            {s.connected
              ? "Your payout account is started but not finished: complete the onboarding to take payments."
              : "Connect a payout account to let tenants pay rent online. Payments go straight to your bank account; the association takes no fee."}
          </p>
        )}
        {canWrite && !s.charges_enabled && (
          <div className="mt-4">
            <Button onClick={() => connect.mutate()} disabled={connect.isPending}>
              {connect.isPending ? "Opening..." : s.connected ? "Finish connecting payouts" : "Connect payouts"}
            </Button>
            <div className="mt-2">
              <FormError error={connect.error} fallback="The onboarding did not open." />
            </div>
          </div>
        )}
      </Section>
      <Instructions initial={s.payment_instructions} canWrite={canWrite} />
    </div>
  );
}

function Instructions({ initial, canWrite }: { initial: string; canWrite: boolean }) {
  const id = useId();
  const utils = trpc.useUtils();
  const [text, setText] = useState(initial);
  useEffect(() => setText(initial), [initial]);
  const save = trpc.member.owner.payouts.saveInstructions.useMutation({ onSuccess: () => utils.member.owner.payouts.status.invalidate() });
  return (
    <Section title="How to pay you offline">
      <form
        className="max-w-2xl space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ payment_instructions: text });
        }}
      >
        <Field id={id} label="Payment instructions for tenants" hint="Shown in the tenant portal, for example “Checks to 1834 S Loomis St, or Zelle to rent@example.com”">
          <textarea id={id} rows={3} className={inputClass} value={text} maxLength={2000} disabled={!canWrite} onChange={(e) => setText(e.target.value)} />
        </Field>
        <FormError error={save.error} fallback="The instructions were not saved." />
        {save.isSuccess && (
          <p role="status" className="text-sm text-green-800">
            Saved.
          </p>
        )}
        {canWrite && (
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save instructions"}
          </Button>
        )}
      </form>
    </Section>
  );
}
