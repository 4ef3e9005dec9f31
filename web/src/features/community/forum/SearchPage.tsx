import { useId } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { FORUM_PAGE_SIZE } from "@shared/community.ts";
import { Button } from "../../../components/Button.tsx";
import { inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import { CommunityLayout, Loading, QueryProblem } from "../CommunityLayout.tsx";
import { cardClass, chicago, PageLinks } from "../ui.tsx";

/** The snippet's matches (between << and >>) as <mark>, the rest as text. */
function Snippet({ text }: { text: string }) {
  const parts = text.split(/(<<.*?>>)/g);
  return <>{parts.map((p, i) => (p.startsWith("<<") && p.endsWith(">>") ? <mark key={i}>{p.slice(2, -2)}</mark> : <span key={i}>{p}</span>))}</>;
}

/** /community/search?q=: ranked full-text results over titles and bodies. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const id = useId();
  const results = trpc.member.forum.search.useQuery({ q, page }, { enabled: q.trim().length >= 2, retry: false });
  return (
    <CommunityLayout title="Search the forum">
      <form role="search" className="flex max-w-xl gap-2" onSubmit={(e) => { e.preventDefault(); setParams({ q: String(new FormData(e.currentTarget).get("q") ?? "") }); }}>
        <label htmlFor={id} className="sr-only">Search the forum</label>
        <input id={id} name="q" type="search" defaultValue={q} className={`${inputClass} mt-0`} minLength={2} />
        <Button type="submit">Search</Button>
      </form>
      <div className="mt-6">
        {q.trim().length < 2 ? (
          <p className="text-slate-600">Type at least 2 characters.</p>
        ) : results.isPending ? (
          <Loading label="Searching..." />
        ) : results.isError ? (
          <QueryProblem error={results.error} what="search" onRetry={() => void results.refetch()} />
        ) : (
          <>
            <p role="status" className="text-sm text-slate-600">{results.data.total} {results.data.total === 1 ? "result" : "results"} for “{q}”</p>
            <ol className="mt-3 space-y-3">
              {results.data.results.map((r) => (
                <li key={r.post_id} className={cardClass}>
                  <Link className="font-semibold text-brand-800 underline" to={`/community/t/${r.topic_id}?page=${Math.ceil(r.post_number / FORUM_PAGE_SIZE)}#post-${r.post_number}`}>{r.topic_title}</Link>
                  <p className="mt-1 text-xs text-slate-500">{r.category} · {r.author.name} · {chicago.dateTime(r.created_at)}</p>
                  <p className="mt-2 text-sm text-slate-700"><Snippet text={r.snippet} /></p>
                </li>
              ))}
            </ol>
            <PageLinks label="Result" page={page} pageSize={FORUM_PAGE_SIZE} total={results.data.total} onPage={(p) => setParams({ q, page: String(p) })} />
          </>
        )}
      </div>
    </CommunityLayout>
  );
}
