import { Link, useSearchParams } from "react-router-dom";
import { trpc } from "../../../trpc.ts";
import { Failed, Section, Working } from "../owner/ui.tsx";

/** /portal/search?q=: the owner's records matching the search box, grouped by kind. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  const results = trpc.member.owner.search.useQuery({ q }, { enabled: q.length >= 2 });
  return (
    <Section title={q ? `Search: ${q}` : "Search"}>
      {q.length < 2 ? (
        <p className="text-slate-600">Type at least 2 characters in the search box: a tenant, an address, an amount, a check number, a date, a payee.</p>
      ) : results.isPending ? (
        <Working label="Searching..." />
      ) : results.isError ? (
        <Failed error={results.error} what="the search" onRetry={() => void results.refetch()} />
      ) : results.data.groups.length === 0 ? (
        <p className="text-slate-600">Nothing in your books matches "{q}".</p>
      ) : (
        <div className="space-y-6">
          {results.data.groups.map((group) => (
            <section key={group.kind} aria-labelledby={`search-${group.kind}`}>
              <h3 id={`search-${group.kind}`} className="font-semibold text-slate-900">
                {group.label}
              </h3>
              <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
                {group.items.map((item) => (
                  <li key={item.id} className="px-3 py-2">
                    <Link to={item.path} className="font-medium text-brand-700 underline">
                      {item.title}
                    </Link>
                    <p className="text-sm text-slate-600">{item.subtitle}</p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Section>
  );
}
