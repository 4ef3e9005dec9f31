import { useEffect, useId, useState } from "react";
import { FeatureName } from "../../components/FeatureName.tsx";
import { Link, useNavigate } from "react-router-dom";
import { ZPortalAccountSchema } from "@shared/billing.ts";
import { formatAmount, levelFeatures, suggestPortalUsername } from "@shared/membership.ts";
import { Button, buttonClass } from "../../components/Button.tsx";
import { ResultPageLayout } from "../../components/ResultPageLayout.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { useSiteConfig } from "../../lib/site-config.ts";
import { useWhoami } from "../../lib/whoami.ts";
import { trpc } from "../../trpc.ts";
import { EmailCodeField } from "../account/EmailCodeField.tsx";
import { Facts, useSessionIdParam, Working } from "./shared.tsx";

export const REDIRECT_AFTER_PAYMENT_MS = 5000;
/** The owner portal, part of this site (DECISIONS.md 21). */
const OWNER_PORTAL_PATH = "/portal";
/** How long the page waits for the payment provider to confirm before giving up. */
const VERIFY_TIMEOUT_MS = 30_000;

/** SPEC.md 2 "Payment success": verify, then the receipt, the portal account step and the redirect. */
export default function PaymentSuccessPage() {
  const sessionId = useSessionIdParam();
  const [startedAt] = useState(() => Date.now());
  const status = trpc.member.billing.paymentStatus.useQuery(
    { session_id: sessionId ?? "" },
    {
      enabled: sessionId !== null,
      retry: false,
      // The webhook may arrive a moment after the browser: ask again until it has.
      refetchInterval: (query) =>
        query.state.data?.status === "initiated" && Date.now() - startedAt < VERIFY_TIMEOUT_MS ? 1500 : false,
    },
  );

  if (!sessionId) return <VerificationError message="No payment session found" />;
  if (status.isError) return <VerificationError message={errorMessage(status.error, "Failed to verify payment")} />;
  if (status.isPending || (status.data.status === "initiated" && Date.now() - startedAt < VERIFY_TIMEOUT_MS)) {
    return (
      <ResultPageLayout title="Verifying your payment...">
        <Working label="Verifying your payment..." />
      </ResultPageLayout>
    );
  }
  if (status.data.status !== "completed") {
    return <VerificationError message={status.data.status === "initiated" ? "Your payment has not been confirmed yet." : "Failed to verify payment"} />;
  }
  return <PaymentReceipt payment={status.data} />;
}

function VerificationError({ message }: { message: string }) {
  return (
    <ResultPageLayout title="Payment Verification Error" tone="error">
      <div role="alert" className="text-center">
        <p className="text-lg text-slate-800">Failed to verify payment status</p>
        <p className="mt-2 text-slate-600">{message}</p>
      </div>
      <div className="mt-6 flex justify-center">
        <Link to="/" className={buttonClass("primary")}>
          Return to Home
        </Link>
      </div>
    </ResultPageLayout>
  );
}

type Payment = { amount_cents: number; currency: string; session_id: string; membership_level: "Basic" | "Standard" | "Premium" };

function PaymentReceipt({ payment }: { payment: Payment }) {
  const config = useSiteConfig();
  const whoami = useWhoami();
  const member = whoami.data?.member ?? null;
  const [accountDone, setAccountDone] = useState(false);
  const [stay, setStay] = useState(false);
  const needsAccount = member !== null && !member.has_password && !accountDone;
  const navigate = useNavigate();
  // Into the portal the member paid for (SPEC.md's redirect after 5 seconds, kept inside the app).
  const portal = config?.ownerPortalUrl ?? OWNER_PORTAL_PATH;
  const redirecting = !stay && !needsAccount && !whoami.isPending;

  useEffect(() => {
    if (!redirecting) return;
    const timer = setTimeout(() => navigate(portal), REDIRECT_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [redirecting, portal, navigate]);

  const benefits = levelFeatures[payment.membership_level].slice(0, 3);
  return (
    <ResultPageLayout title="Payment Successful!" tone="success" icon={<span className="text-5xl">✓</span>}>
      <p className="text-center text-slate-700">Welcome to {payment.membership_level} membership. Thank you for your payment.</p>
      <div className="mt-6">
        <Facts
          items={[
            ["Amount paid", formatAmount(payment.amount_cents, payment.currency)],
            ["Currency", payment.currency.toUpperCase()],
            ["Status", "Completed"],
            ["Session ID", payment.session_id],
          ]}
        />
      </div>

      {needsAccount && member && (
        <PortalAccountStep
          suggestion={suggestPortalUsername(member.first_name, member.last_name)}
          unverifiedEmail={member.email_verified ? null : member.email}
          onDone={() => setAccountDone(true)}
        />
      )}

      <section className="mt-6">
        <h2 className="text-lg font-semibold text-slate-900">Next steps</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-slate-700">
          <li>Check your email for your payment receipt and signed agreement.</li>
          <li>{needsAccount ? "Create your portal account above." : "Sign in to your member portal with your email or username."}</li>
          <li>
            <Link className="font-medium text-brand-700 underline" to="/portal/properties">
              Add your first property
            </Link>{" "}
            and, with a lease,{" "}
            <Link className="font-medium text-brand-700 underline" to="/portal/leases">
              invite your tenants
            </Link>{" "}
            to the tenant portal.
          </li>
        </ol>
      </section>
      <section className="mt-6">
        <h2 className="text-lg font-semibold text-slate-900">Your membership benefits</h2>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
          {benefits.map((b) => (
            <li key={b}>
              <FeatureName feature={b} />
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Link to={portal} className={buttonClass("primary")}>
          Go to Portal Now
        </Link>
        {redirecting && (
          <Button variant="ghost" onClick={() => setStay(true)}>
            Stay on this page
          </Button>
        )}
      </div>
      {redirecting && (
        <p role="status" className="mt-3 text-center text-sm text-slate-500">
          Taking you to your {payment.membership_level} portal in {REDIRECT_AFTER_PAYMENT_MS / 1000} seconds...
        </p>
      )}
    </ResultPageLayout>
  );
}

function PortalAccountStep({
  suggestion,
  unverifiedEmail,
  onDone,
}: {
  suggestion: string;
  unverifiedEmail: string | null;
  onDone: () => void;
}) {
  const [username, setUsername] = useState(suggestion);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const usernameId = useId();
  const passwordId = useId();
  const utils = trpc.useUtils();
  const create = trpc.member.billing.createPortalAccount.useMutation({
    onSuccess: async () => {
      await utils.public.site.whoami.invalidate();
      onDone();
    },
    onError: (err) => setError(errorMessage(err, "We could not create your portal account.")),
  });
  return (
    <section aria-labelledby={`${usernameId}-h`} className="mt-6 rounded-xl border border-brand-100 bg-brand-50 p-5">
      <h2 id={`${usernameId}-h`} className="text-lg font-semibold text-brand-900">
        Create your portal account
      </h2>
      <p className="mt-1 text-sm text-slate-700">Choose a username and password to sign in to your member portal.</p>
      <form
        className="mt-4 space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          const parsed = ZPortalAccountSchema.safeParse({ username, password, email_code: unverifiedEmail ? code : undefined });
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? "Check your username and password.");
            return;
          }
          create.mutate(parsed.data);
        }}
      >
        <div>
          <label htmlFor={usernameId} className="block text-sm font-medium text-slate-800">
            Username
          </label>
          <input
            id={usernameId}
            value={username}
            autoComplete="username"
            onChange={(e) => setUsername(e.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor={passwordId} className="block text-sm font-medium text-slate-800">
            Password
          </label>
          <input
            id={passwordId}
            type="password"
            value={password}
            autoComplete="new-password"
            onChange={(e) => setPassword(e.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          <p className="mt-1 text-xs text-slate-500">At least 10 characters.</p>
        </div>
        {unverifiedEmail && <EmailCodeField email={unverifiedEmail} value={code} onChange={setCode} />}
        {error && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating account..." : "Create Portal Account"}
        </Button>
      </form>
    </section>
  );
}
