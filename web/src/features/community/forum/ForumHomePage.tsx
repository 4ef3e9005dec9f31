import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { FORUM_PAGE_SIZE, MAX_TITLE } from "@shared/community.ts";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { CommunityLayout, Loading, QueryProblem } from "../CommunityLayout.tsx";
import { cardClass, chicago, Notice, PageLinks } from "../ui.tsx";
import { MentionTextarea } from "./MentionTextarea.tsx";

type Category = RouterOutputs["member"]["forum"]["categories"][number];

/** /community and /community/c/{slug}: categories, the topic list (20 a page), search and a new topic. */
export default function ForumHomePage() {
  const { slug } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const categories = trpc.member.forum.categories.useQuery(undefined, { retry: false });
  const topics = trpc.member.forum.topics.useQuery({ category: slug, page }, { retry: false });
  const current = categories.data?.find((c) => c.slug === slug);
  const [composing, setComposing] = useState(false);

  return (
    <CommunityLayout
      title={current ? current.name : "Member forum"}
      intro={current?.description ?? "Ask fellow Illinois landlords, share what worked, and find tradespeople. Every member, Basic included, can post."}
      actions={
        categories.data && (
          <Button onClick={() => setComposing((c) => !c)} aria-expanded={composing}>
            {composing ? "Close the new topic form" : "New topic"}
          </Button>
        )
      }
    >
      {categories.isError ? (
        <QueryProblem error={categories.error} what="forum" onRetry={() => void categories.refetch()} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
          <aside aria-label="Categories" className="space-y-4">
            <ForumSearch />
            <nav aria-label="Forum categories" className={cardClass}>
              <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Categories</h2>
              <ul className="mt-3 space-y-1">
                <li>
                  <Link to="/community" className={`block rounded px-2 py-1.5 text-sm ${!slug ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-50"}`} aria-current={!slug ? "page" : undefined}>
                    All topics
                  </Link>
                </li>
                {categories.data?.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={`/community/c/${c.slug}`}
                      aria-current={slug === c.slug ? "page" : undefined}
                      className={`flex items-center justify-between gap-2 rounded px-2 py-1.5 text-sm ${slug === c.slug ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-50"}`}
                    >
                      <span>{c.name}</span>
                      <span className="text-xs text-slate-500">{c.can_read ? c.topic_count : "Paid"}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            {current && current.can_read && <WatchCategory category={current} />}
          </aside>
          <div className="min-w-0 space-y-4">
            {composing && categories.data && <NewTopicForm categories={categories.data} defaultCategory={current} />}
            {topics.isPending ? (
              <Loading label="Loading topics..." />
            ) : topics.isError ? (
              <QueryProblem error={topics.error} what="topics" onRetry={() => void topics.refetch()} />
            ) : topics.data.topics.length === 0 ? (
              <p className={cardClass}>No topics here yet. Start the first one.</p>
            ) : (
              <section aria-label="Topics" className={`${cardClass} p-0`}>
                <ul className="divide-y divide-slate-100">
                  {topics.data.topics.map((t) => (
                    <li key={t.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
                      <div className="min-w-0">
                        <Link to={`/community/t/${t.id}`} className={`break-words text-base ${t.unread ? "font-semibold text-slate-900" : "text-slate-700"} hover:underline`}>
                          {t.title}
                        </Link>
                        <p className="mt-1 flex flex-wrap gap-2 text-xs text-slate-500">
                          {t.pinned !== "none" && <span className="rounded bg-accent-500/20 px-1.5 py-0.5 font-semibold text-amber-900">Pinned</span>}
                          {t.locked && <span className="rounded bg-slate-200 px-1.5 py-0.5 font-semibold text-slate-700">Locked</span>}
                          {t.hidden && <span className="rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-800">Hidden</span>}
                          <span>{t.category.name}</span>
                          <span>by {t.author.name}</span>
                        </p>
                      </div>
                      <p className="shrink-0 text-xs text-slate-500">
                        {t.reply_count} {t.reply_count === 1 ? "reply" : "replies"} · {chicago.dateTime(t.last_post_at)}
                      </p>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {topics.data && (
              <PageLinks label="Topic" page={page} pageSize={FORUM_PAGE_SIZE} total={topics.data.total} onPage={(p) => setParams({ page: String(p) })} />
            )}
          </div>
        </div>
      )}
    </CommunityLayout>
  );
}

function ForumSearch() {
  const navigate = useNavigate();
  const id = useId();
  return (
    <form
      role="search"
      aria-label="Search the forum"
      className={cardClass}
      onSubmit={(e) => {
        e.preventDefault();
        const q = String(new FormData(e.currentTarget).get("q") ?? "").trim();
        if (q) navigate(`/community/search?q=${encodeURIComponent(q)}`);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Search the forum
      </label>
      <div className="mt-1 flex gap-2">
        <input id={id} name="q" type="search" minLength={2} className={`${inputClass} mt-0`} />
        <Button type="submit" variant="secondary" className="px-3 text-sm">
          Search
        </Button>
      </div>
    </form>
  );
}

function WatchCategory({ category }: { category: Category }) {
  const id = useId();
  const watch = trpc.member.forum.watch.useMutation();
  return (
    <div className={cardClass}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Notifications for {category.name}
      </label>
      <select
        id={id}
        className={inputClass}
        defaultValue="normal"
        onChange={(e) => watch.mutate({ target: "category", id: category.id, level: e.target.value as "watching" | "normal" | "muted" })}
      >
        <option value="normal">Normal: replies to me and mentions</option>
        <option value="watching">Watching: every new post</option>
        <option value="muted">Muted</option>
      </select>
      {watch.isSuccess && <p role="status" className="mt-2 text-sm text-green-800">Saved.</p>}
      {watch.isError && <p role="alert" className="mt-2 text-sm text-red-700">{errorMessage(watch.error)}</p>}
    </div>
  );
}

function NewTopicForm({ categories, defaultCategory }: { categories: Category[]; defaultCategory?: Category }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const writable = categories.filter((c) => c.can_post);
  const [categoryId, setCategoryId] = useState(defaultCategory?.can_post ? defaultCategory.id : (writable[0]?.id ?? ""));
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const create = trpc.member.forum.createTopic.useMutation({
    onSuccess: async (topic) => {
      await utils.member.forum.topics.invalidate();
      navigate(`/community/t/${topic.id}`);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ category_id: categoryId, title, body });
  };
  return (
    <form onSubmit={submit} aria-labelledby="new-topic-heading" className={`${cardClass} space-y-4`}>
      <h2 id="new-topic-heading" className="text-lg font-semibold text-slate-900">
        Start a topic
      </h2>
      <Field id="topic-category" label="Category">
        <select id="topic-category" className={inputClass} value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
          {writable.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="topic-title" label="Title" hint="At least 5 characters: the question or subject.">
        <input id="topic-title" className={inputClass} value={title} maxLength={MAX_TITLE} onChange={(e) => setTitle(e.target.value)} required minLength={5} aria-describedby="topic-title-hint" />
      </Field>
      <Field id="topic-body" label="Your post" hint="Markdown: **bold**, _italic_, > quote, [link](https://...). Type @ and the start of a name to mention a member.">
        <MentionTextarea id="topic-body" rows={6} value={body} onChange={setBody} context={{ category_id: categoryId }} required describedBy="topic-body-hint" />
      </Field>
      {create.isError && <Notice kind="error">{errorMessage(create.error)}</Notice>}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Posting..." : "Post topic"}
      </Button>
      {writable.length < categories.length && (
        <p className="text-sm text-slate-500">
          Some categories are for staff or for Standard and Premium members. <Link className="underline" to="/basic-portal">Upgrade options</Link>
        </p>
      )}
    </form>
  );
}
