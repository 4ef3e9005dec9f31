import { useEffect, useRef, useState } from "react";
import { FeatureName } from "../../components/FeatureName.tsx";
import { Link } from "react-router-dom";
import { levelFeatures, priceLabel, type MembershipLevel } from "@shared/membership.ts";
import { chicagoDate } from "@shared/time.ts";
import { buttonClass } from "../../components/Button.tsx";
import { ResultPageLayout } from "../../components/ResultPageLayout.tsx";
import { errorStatus } from "../../lib/errors.ts";
import { useSiteConfig } from "../../lib/site-config.ts";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { useSessionIdParam, Working } from "./shared.tsx";

type Completed = RouterOutputs["member"]["billing"]["completeUpgrade"];
const RETRIES = 8;

/** SPEC.md 2 "Upgrade success": completes the upgrade once, then the failure or success view. */
export default function UpgradeSuccessPage() {
  const sessionId = useSessionIdParam();
  const [result, setResult] = useState<Completed | "failed" | null>(sessionId ? null : "failed");
  const utils = trpc.useUtils();
  const complete = trpc.member.billing.completeUpgrade.useMutation();
  const started = useRef(false);

  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    (async () => {
      // The payment may still be confirming (409): ask again a few times before giving up.
      for (let attempt = 0; attempt < RETRIES; attempt++) {
        try {
          const answer = await complete.mutateAsync({ session_id: sessionId });
          await utils.public.site.whoami.invalidate();
          setResult(answer);
          return;
        } catch (error) {
          if (errorStatus(error) !== 409 || attempt === RETRIES - 1) break;
          await new Promise((r) => setTimeout(r, 1500));
        }
      }
      setResult("failed");
    })();
  }, [sessionId, complete, utils]);

  if (result === null) {
    return (
      <ResultPageLayout title="Processing your upgrade">
        <Working label="Processing your upgrade..." />
      </ResultPageLayout>
    );
  }
  if (result === "failed") {
    return (
      <ResultPageLayout title="Upgrade Failed" tone="error">
        <p role="alert" className="text-center text-slate-800">
          Failed to complete upgrade. Please contact support.
        </p>
        <div className="mt-6 flex justify-center">
          <Link to="/basic-portal" className={buttonClass("primary")}>
            Return to Portal
          </Link>
        </div>
      </ResultPageLayout>
    );
  }
  return <UpgradeDone result={result} />;
}

function UpgradeDone({ result }: { result: Completed }) {
  const config = useSiteConfig();
  const level = result.new_membership_level as MembershipLevel;
  const next = result.next_billing_date ? new Date(result.next_billing_date) : new Date(Date.now() + 30 * 86400_000);
  // The owner portal is part of this site: it opens here, in this tab.
  const portalUrl = result.redirect_url || config?.ownerPortalUrl || "/portal";
  return (
    <ResultPageLayout title="Upgrade Successful!" tone="success" icon={<span className="text-5xl">★</span>}>
      <div className="flex justify-center">
        <span className="rounded-full bg-accent-500 px-4 py-1 font-semibold text-slate-900">{level} Member</span>
      </div>
      <p className="mt-4 text-center text-slate-700">{result.message}</p>
      <dl className="mt-6 grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-5 text-sm">
        <dt className="text-slate-500">Billing</dt>
        <dd className="font-medium text-slate-900">{priceLabel(level)}</dd>
        <dt className="text-slate-500">Next billing date</dt>
        <dd className="font-medium text-slate-900">{chicagoDate(next)}</dd>
      </dl>
      <section className="mt-6">
        <h2 className="text-lg font-semibold text-slate-900">Your new benefits</h2>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
          {levelFeatures[level].map((f) => (
            <li key={f}>
              <FeatureName feature={f} />
            </li>
          ))}
        </ul>
      </section>
      <section className="mt-6">
        <h2 className="text-lg font-semibold text-slate-900">Next steps</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-slate-700">
          <li>Check your email for the confirmation of your new plan.</li>
          <li>
            Open your portal and{" "}
            <Link className="font-medium text-brand-700 underline" to="/portal/properties">
              add your properties
            </Link>
            .
          </li>
          <li>
            <Link className="font-medium text-brand-700 underline" to="/portal/leases">
              Invite your tenants
            </Link>{" "}
            to the tenant portal from each lease.
          </li>
        </ol>
      </section>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={portalUrl} className={buttonClass("primary")}>
          Access Your Portal
        </Link>
        <Link to="/basic-portal" className={buttonClass("secondary")}>
          Return to Basic Portal
        </Link>
      </div>
    </ResultPageLayout>
  );
}
