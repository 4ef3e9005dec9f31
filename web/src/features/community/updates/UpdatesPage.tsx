import { Link, useSearchParams } from "react-router-dom";
import { FORUM_PAGE_SIZE, SUGGESTED_UPDATE_TAGS } from "@shared/community.ts";
import { trpc } from "../../../trpc.ts";
import { CommunityLayout, Loading, QueryProblem } from "../CommunityLayout.tsx";
import { cardClass, chicago, PageLinks } from "../ui.tsx";

const VISIBILITY_LABEL = { public: "Public", members: "Members", paid: "Standard & Premium" } as const;

/** /updates: legal updates, newest first; members-only ones show their excerpt to everyone. */
export default function UpdatesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const tag = params.get("tag") ?? undefined;
  const list = trpc.public.updates.list.useQuery({ page, tag });
  return (
    <CommunityLayout
      title="Legal updates"
      intro={
        <>
          Changes in Illinois landlord law: the Chicago RLTO, Cook County, evictions and taxes. <a className="underline" href="/updates/rss.xml">RSS feed</a>
        </>
      }
    >
      <nav aria-label="Topics" className="flex flex-wrap gap-2">
        <Link to="/updates" className={`rounded-full px-3 py-1 text-sm ${!tag ? "bg-brand-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200"}`} aria-current={!tag ? "page" : undefined}>All</Link>
        {SUGGESTED_UPDATE_TAGS.map((t) => (
          <Link key={t} to={`/updates?tag=${encodeURIComponent(t)}`} aria-current={tag === t ? "page" : undefined} className={`rounded-full px-3 py-1 text-sm ${tag === t ? "bg-brand-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200"}`}>
            {t}
          </Link>
        ))}
      </nav>
      <div className="mt-6">
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <QueryProblem error={list.error} what="legal updates" onRetry={() => void list.refetch()} />
        ) : list.data.updates.length === 0 ? (
          <p className={cardClass}>No updates here yet.</p>
        ) : (
          <ul className="space-y-4">
            {list.data.updates.map((u) => (
              <li key={u.id} className={cardClass}>
                <article aria-labelledby={`u-${u.id}`}>
                  <h2 id={`u-${u.id}`} className="text-lg font-semibold">
                    <Link className="text-brand-800 underline" to={`/updates/${u.slug}`}>{u.title}</Link>
                  </h2>
                  <p className="mt-1 flex flex-wrap gap-2 text-xs text-slate-500">
                    {u.published_at && <time dateTime={u.published_at}>{chicago.date(u.published_at)}</time>}
                    <span className="rounded bg-slate-100 px-1.5 text-slate-700">{VISIBILITY_LABEL[u.visibility]}</span>
                    {u.tags.map((t) => <span key={t} className="rounded bg-brand-50 px-1.5 text-brand-800">{t}</span>)}
                  </p>
                  <p className="mt-2 text-slate-700">{u.excerpt}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
        {list.data && <PageLinks label="Update" page={page} pageSize={FORUM_PAGE_SIZE} total={list.data.total} onPage={(p) => setParams({ page: String(p), ...(tag ? { tag } : {}) })} />}
      </div>
    </CommunityLayout>
  );
}
