import { Link, useParams } from "react-router-dom";
import { buttonClass } from "../../../components/Button.tsx";
import { trpc } from "../../../trpc.ts";
import { CommunityLayout, Loading, QueryProblem } from "../CommunityLayout.tsx";
import { cardClass, chicago, ServerHtml } from "../ui.tsx";

/** /updates/{slug}: the whole post, or its excerpt with a join or upgrade prompt. */
export default function UpdatePage() {
  const { slug = "" } = useParams();
  const update = trpc.public.updates.get.useQuery({ slug }, { retry: false });
  if (update.isPending) return <CommunityLayout title="Legal update"><Loading /></CommunityLayout>;
  if (update.isError) return <CommunityLayout title="Legal update"><QueryProblem error={update.error} what="update" /></CommunityLayout>;
  const u = update.data;
  return (
    <CommunityLayout
      title={u.title}
      intro={
        <span className="flex flex-wrap gap-2 text-sm">
          {u.published_at && <time dateTime={u.published_at}>{chicago.date(u.published_at)}</time>}
          {u.tags.map((t) => <Link key={t} className="rounded bg-brand-50 px-1.5 text-brand-800" to={`/updates?tag=${encodeURIComponent(t)}`}>{t}</Link>)}
        </span>
      }
    >
      <article className={`${cardClass} max-w-3xl`}>
        {u.readable && u.html ? (
          <ServerHtml html={u.html} className="text-slate-800" />
        ) : (
          <>
            <p className="text-slate-700">{u.excerpt}</p>
            <div className="mt-6 rounded-lg bg-brand-50 p-4">
              {u.access_prompt === "upgrade" ? (
                <>
                  <p className="font-semibold text-brand-900">This update is for Standard and Premium members.</p>
                  <Link to="/basic-portal" className={buttonClass("accent", "mt-3")}>Upgrade your membership</Link>
                </>
              ) : (
                <>
                  <p className="font-semibold text-brand-900">{u.visibility === "paid" ? "This update is for Standard and Premium members." : "This update is for members. Basic membership is free."}</p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <a href="/#apply" className={buttonClass("accent")}>Join the association</a>
                    <Link to={`/sign-in?next=${encodeURIComponent(`/updates/${u.slug}`)}`} className={buttonClass("secondary")}>Member Sign In</Link>
                  </div>
                </>
              )}
            </div>
          </>
        )}
      </article>
      <p className="mt-6"><Link className="underline" to="/updates">All legal updates</Link></p>
    </CommunityLayout>
  );
}
