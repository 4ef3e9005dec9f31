import { useState } from "react";
import { alaCarteLabel, type MembershipLevel } from "@shared/membership.ts";
import { UpgradeButtons } from "../billing/UpgradeButtons.tsx";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { DownloadButton } from "./DownloadButton.tsx";
import { LoadError } from "./LoadError.tsx";
import { useDocumentDownload, type DownloadableDocument } from "./useDocumentDownload.ts";

type Category = RouterOutputs["member"]["portal"]["documentCategories"][number];
type Doc = RouterOutputs["member"]["portal"]["documents"][number];

/** SPEC.md 2, tab 1: the first two categories as cards with three documents each, and the upgrade card. */
export function DocumentsTab({ email, level, unpaid = false }: { email: string; level: MembershipLevel; unpaid?: boolean }) {
  const categories = trpc.member.portal.documentCategories.useQuery();
  const documents = trpc.member.portal.documents.useQuery();
  const { download, busyId } = useDocumentDownload();

  if (categories.isError || documents.isError) {
    return (
      <LoadError
        what="your documents"
        error={categories.error ?? documents.error}
        onRetry={() => {
          void categories.refetch();
          void documents.refetch();
        }}
      />
    );
  }
  const loading = categories.isPending || documents.isPending;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {loading ? (
        <p role="status" className="text-slate-600 lg:col-span-2">
          Loading documents...
        </p>
      ) : (
        categories.data
          .slice(0, 2)
          .map((category) => (
            <CategoryCard
              key={category.id}
              category={category}
              documents={documents.data.filter((d) => d.category_id === category.id)}
              busyId={busyId}
              onDownload={download}
            />
          ))
      )}
      {/* A member who signed a paid level and has not paid completes that payment first (the card above). */}
      {level !== "Premium" && !unpaid && (
        <section aria-labelledby="upgrade-benefits" className="rounded-xl border border-accent-500/40 bg-amber-50 p-6 shadow-sm">
          <h3 id="upgrade-benefits" className="text-lg font-semibold text-slate-900">
            Upgrade Benefits
          </h3>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>Member portal for your properties and tenants</li>
            <li>Tenant payment and maintenance coordination</li>
            <li>Monthly financial reports and the contractor network</li>
            <li>Premium: bookkeeping support and the Schedule E report included, eviction coordination {alaCarteLabel("eviction_case", "Premium")}</li>
          </ul>
          <div className="mt-4">
            <UpgradeButtons memberEmail={email} />
          </div>
        </section>
      )}
    </div>
  );
}

function CategoryCard({
  category,
  documents,
  busyId,
  onDownload,
}: {
  category: Category;
  documents: Doc[];
  busyId: string | null;
  onDownload: (doc: DownloadableDocument) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? documents : documents.slice(0, 3);
  const more = documents.length - 3;
  const headingId = `category-${category.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {category.name}
        </h3>
        <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">
          {category.document_count} {category.document_count === 1 ? "document" : "documents"}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-600">{category.description}</p>
      <ul className="mt-4 space-y-3">
        {shown.map((doc) => (
          <li key={doc.id} className="flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
            <span className="text-sm font-medium text-slate-800">{doc.title}</span>
            <DownloadButton doc={doc} busyId={busyId} onDownload={onDownload} />
          </li>
        ))}
        {documents.length === 0 && <li className="text-sm text-slate-500">No documents here yet.</li>}
      </ul>
      {more > 0 && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
          className="mt-3 text-sm font-medium text-brand-700 hover:underline"
        >
          {expanded ? "Show fewer documents" : `+${more} more ${more === 1 ? "document" : "documents"}`}
        </button>
      )}
    </section>
  );
}
