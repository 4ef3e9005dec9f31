import * as Accordion from "@radix-ui/react-accordion";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router-dom";
import { signatureMatchesName, signatureMismatchMessage } from "@shared/agreement.ts";
import { isPaidLevel, priceLabel } from "@shared/membership.ts";
import { PageLoading } from "../../App.tsx";
import { Button, buttonClass } from "../../components/Button.tsx";
import { useAlert } from "../../components/alert.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { AfterSigning } from "./AfterSigning.tsx";

function formatElapsed(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Seconds since the screen opened, until `running` turns false. */
function useElapsedSeconds(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

/** An application as the signing screen has it: what "Correct my application" fills the form with. */
export type CorrectableApplication = RouterOutputs["public"]["membership"]["application"];

/** The server's note at the top of the page ("waiting for your signature") goes once it is signed. */
const APPLICATION_WAITING_ID = "application-waiting";

/**
 * SPEC.md 2 "Application-submitted screen": summary, next steps, the agreement, consent and
 * signature, then the confirmation.
 */
export function ApplicationSubmitted({
  applicationId,
  onEdit,
  onContinue,
}: {
  applicationId: string;
  onEdit: (application: CorrectableApplication) => void;
  onContinue: () => void;
}) {
  const uid = useId();
  const alert = useAlert();
  const utils = trpc.useUtils();
  const application = trpc.public.membership.application.useQuery({ applicationId });
  const sign = trpc.public.membership.sign.useMutation({
    onSuccess: () => {
      void utils.public.site.whoami.invalidate();
      void utils.public.membership.application.invalidate({ applicationId });
    },
  });
  const [consent, setConsent] = useState(false);
  const [signatureName, setSignatureName] = useState("");
  const data = application.data;
  const signed = sign.isSuccess || (data?.status !== undefined && data.status !== "pending");
  const elapsed = useElapsedSeconds(!signed);
  useEffect(() => {
    if (signed) document.getElementById(APPLICATION_WAITING_ID)?.remove();
  }, [signed]);

  if (application.isPending) return <PageLoading label="Loading your application..." />;
  if (application.isError || !data) {
    return (
      <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6 text-red-800">
        <p className="font-semibold">We could not load your application.</p>
        <p className="mt-1">{errorMessage(application.error, "Please try again.")}</p>
      </div>
    );
  }

  const level = data.membership_level;
  const nameMatches = signatureMatchesName(signatureName, data.member_name);
  const canSign = consent && nameMatches && !sign.isPending;
  // Why the Sign button is not available yet, read with it by screen readers.
  const signHint = sign.isPending
    ? "Signing your agreement..."
    : signatureName.trim() === ""
      ? consent
        ? "Type your full name to sign."
        : "Type your full name and tick the consent box to sign."
      : !nameMatches
        ? signatureMismatchMessage(data.member_name)
        : !consent
          ? "Tick the consent box to sign."
          : "Ready to sign.";

  const onSign = async () => {
    try {
      await sign.mutateAsync({
        applicationId,
        consent: true,
        signature_name: signatureName.trim(),
        agreement_sha256: data.agreement_sha256,
      });
    } catch (error) {
      await alert({
        title: "Signing failed",
        message: `Failed to process contract signing. Please try again. ${errorMessage(error, "")}`.trim(),
      });
      void application.refetch();
    }
  };

  return (
    <div className="space-y-8">
      <div className="rounded-xl border border-green-200 bg-green-50 p-6">
        <h2 className="text-2xl font-bold text-green-900">Application Submitted Successfully!</h2>
        <p className="mt-2 text-green-900">
          Your application is approved. {signed ? "Your agreement is signed." : "Review and sign your membership agreement to activate your membership."}
        </p>
        {/* SPEC.md 4's processing-time counter, worded as time elapsed: approval is already done. */}
        <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-green-800">
          <span>Auto-Approved</span>
          <span aria-hidden>·</span>
          <span>
            time on this step <span className="font-mono">{formatElapsed(elapsed)}</span>
          </span>
        </p>
      </div>

      <section aria-labelledby={`${uid}-summary`} className="grid gap-6 md:grid-cols-2">
        <div className="rounded-xl border border-slate-200 bg-white p-6">
          <h3 id={`${uid}-summary`} className="text-lg font-semibold text-slate-900">
            Application summary
          </h3>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-500">Name</dt>
            <dd className="font-medium">{data.member_name}</dd>
            <dt className="text-slate-500">Email</dt>
            <dd className="break-all font-medium">{data.email}</dd>
            <dt className="text-slate-500">Membership</dt>
            <dd className="font-medium">
              {level} ({priceLabel(level)})
            </dd>
            <dt className="text-slate-500">Management</dt>
            <dd className="font-medium">{data.property_management_status}</dd>
            <dt className="text-slate-500">Application ID</dt>
            <dd className="break-all font-mono text-xs">{data.application_id}</dd>
          </dl>
          {!signed && (
            <Button variant="ghost" className="mt-4 px-0" onClick={() => onEdit(data)}>
              Correct my application
            </Button>
          )}
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6">
          <h3 className="text-lg font-semibold text-slate-900">Next steps</h3>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-700">
            {data.next_steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="mt-4 text-sm text-slate-600">
            Want to see the portal first? <Link className="font-medium text-brand-700 underline" to="/demo">Watch the demo</Link>.
          </p>
        </div>
      </section>

      {signed ? (
        <AfterSigning level={level} applicationId={applicationId} contractId={data.contract_id ?? sign.data?.contract_id ?? null} onContinue={onContinue} />
      ) : (
        <section aria-labelledby={`${uid}-agreement`} className="rounded-xl border border-slate-200 bg-white p-6">
          <h3 id={`${uid}-agreement`} className="text-xl font-semibold text-slate-900">
            {data.agreement?.title}
          </h3>
          <p className="mt-1 text-sm text-slate-500">Version {data.agreement?.version}</p>
          <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Please review the whole agreement before you sign. Open each article to read it; you can print this page to keep a
            copy, and a copy of the signed agreement is emailed to you.
          </p>
          <Accordion.Root type="multiple" className="mt-4 print:hidden divide-y divide-slate-200 rounded-lg border border-slate-200">
            {data.agreement?.articles.map((article) => (
              <Accordion.Item key={article.number} value={String(article.number)}>
                <Accordion.Header>
                  <Accordion.Trigger className="group flex w-full items-center justify-between px-4 py-3 text-left font-medium text-slate-800 hover:bg-slate-50">
                    Article {article.number}. {article.title}
                    <span aria-hidden className="transition-transform group-data-[state=open]:rotate-180">
                      ▾
                    </span>
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="px-4 pb-4 text-sm leading-relaxed text-slate-700">{article.body}</Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
          {/* Printing shows every article, opened or not. */}
          <div className="hidden whitespace-pre-wrap text-sm print:block">{data.agreement_text}</div>
          <p className="mt-4 text-sm text-slate-700">{data.agreement?.effectiveDate}</p>
          <p className="mt-1 text-sm italic text-slate-700">{data.agreement?.signatureLine}</p>
          <div className="mt-6 space-y-4 border-t border-slate-200 pt-6">
            <div>
              <label htmlFor={`${uid}-signature`} className="block text-sm font-medium text-slate-800">
                Type your full name to sign
              </label>
              <input
                id={`${uid}-signature`}
                value={signatureName}
                onChange={(event) => setSignatureName(event.target.value)}
                autoComplete="name"
                placeholder={data.member_name}
                aria-invalid={signatureName.trim() !== "" && !nameMatches}
                aria-describedby={`${uid}-signature-note`}
                className="mt-1 block w-full max-w-md rounded-lg border border-slate-300 px-3 py-2 font-serif text-lg"
              />
              <p id={`${uid}-signature-note`} className={`mt-1 text-sm ${signatureName.trim() !== "" && !nameMatches ? "text-red-700" : "text-slate-500"}`}>
                {signatureName.trim() !== "" && !nameMatches
                  ? signatureMismatchMessage(data.member_name)
                  : `Your name as on your application: ${data.member_name}.`}
              </p>
            </div>
            <label className="flex items-start gap-3 text-sm text-slate-700">
              <input type="checkbox" className="mt-0.5 h-4 w-4" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
              <span>{data.consent_wording}</span>
            </label>
            <div className="flex flex-wrap gap-3">
              <Button onClick={onSign} disabled={!canSign} aria-describedby={`${uid}-sign-hint`}>
                {sign.isPending ? "Signing..." : "Sign Agreement"}
              </Button>
              <button type="button" className={buttonClass("secondary")} onClick={() => window.print()}>
                Print agreement
              </button>
            </div>
            <p id={`${uid}-sign-hint`} role="status" className="text-sm text-slate-600">
              {signHint}
            </p>
            {isPaidLevel(level) && (
              <p className="text-sm text-slate-600">
                After signing you pay {priceLabel(level)} by card. The plan renews automatically every month until you cancel,
                which you can do online at any time.
              </p>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
