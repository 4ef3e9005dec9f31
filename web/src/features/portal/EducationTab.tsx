import { chicagoDate } from "@shared/time.ts";
import { FeatureName } from "../../components/FeatureName.tsx";
import type { MemberInfo } from "./types.ts";
import { trpc } from "../../trpc.ts";
import { DownloadButton } from "./DownloadButton.tsx";
import { LoadError } from "./LoadError.tsx";
import { useDocumentDownload } from "./useDocumentDownload.ts";

/** SPEC.md 2, tab 3: every Educational Resources document, the member's benefits and next steps. */
export function EducationTab({ member }: { member: MemberInfo }) {
  const documents = trpc.member.portal.documents.useQuery({ category: "Educational Resources" });
  const { download, busyId } = useDocumentDownload();
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <section aria-labelledby="education-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2">
        <h3 id="education-heading" className="text-lg font-semibold text-slate-900">
          Educational Resources
        </h3>
        {documents.isError ? (
          <div className="mt-4">
            <LoadError what="the educational resources" error={documents.error} onRetry={() => void documents.refetch()} />
          </div>
        ) : documents.isPending ? (
          <p role="status" className="mt-4 text-slate-600">
            Loading resources...
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100">
            {documents.data.map((doc) => (
              <li key={doc.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
                <div>
                  <p className="font-medium text-slate-900">{doc.title}</p>
                  <p className="mt-1 text-sm text-slate-600">{doc.description}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    {doc.file_type} · Added {chicagoDate(new Date(doc.created_at))}
                  </p>
                </div>
                <DownloadButton doc={doc} busyId={busyId} onDownload={download} />
              </li>
            ))}
            {documents.data.length === 0 && <li className="py-4 text-sm text-slate-500">No resources yet.</li>}
          </ul>
        )}
      </section>
      <div className="space-y-6">
        <section aria-labelledby="benefits-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 id="benefits-heading" className="text-lg font-semibold text-slate-900">
            Your Member Benefits
          </h3>
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            {member.available_features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <span aria-hidden className="text-green-600">✓</span>
                <FeatureName feature={feature} />
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="next-steps-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 id="next-steps-heading" className="text-lg font-semibold text-slate-900">
            Recommended Next Steps
          </h3>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
            {member.next_steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
