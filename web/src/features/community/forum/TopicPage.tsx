import * as Dialog from "@radix-ui/react-dialog";
import { useId, useRef, useState, type FormEvent } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { FORUM_PAGE_SIZE } from "@shared/community.ts";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { useAlert } from "../../../components/alert.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { CommunityLayout, Loading, QueryProblem } from "../CommunityLayout.tsx";
import { MentionTextarea } from "./MentionTextarea.tsx";
import { cardClass, chicago, Notice, PageLinks, ServerHtml } from "../ui.tsx";

type Topic = RouterOutputs["member"]["forum"]["topic"];
type Post = Topic["posts"][number];

/** A quote of a post for the reply box, as Markdown. */
const quote = (post: Post) => `> **${post.author.name}** wrote:\n>\n${post.body.trim().split(/\r?\n/).map((l) => `> ${l}`).join("\n")}\n\n`;

/** /community/t/{id}: the posts (20 a page), replying with quotes and mentions, edits, flags, watching. */
export default function TopicPage() {
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const topic = trpc.member.forum.topic.useQuery({ id, page }, { retry: false });
  const utils = trpc.useUtils();
  const [reply, setReply] = useState("");
  const [replyTo, setReplyTo] = useState<Post | null>(null);
  const replyBox = useRef<HTMLTextAreaElement>(null);

  if (topic.isPending) return <CommunityLayout title="Topic"><Loading label="Loading the topic..." /></CommunityLayout>;
  if (topic.isError) return <CommunityLayout title="Topic"><QueryProblem error={topic.error} what="topic" onRetry={() => void topic.refetch()} /></CommunityLayout>;
  const t = topic.data;
  const refresh = () => Promise.all([utils.member.forum.topic.invalidate({ id }), utils.member.notifications.list.invalidate()]);

  return (
    <CommunityLayout
      title={t.title}
      intro={
        <span className="flex flex-wrap gap-2 text-sm">
          <Link className="underline" to={`/community/c/${t.category.slug}`}>
            {t.category.name}
          </Link>
          <span>· started by {t.author.name}</span>
          {t.pinned !== "none" && <span className="rounded bg-accent-500/20 px-1.5 font-semibold text-amber-900">Pinned</span>}
          {t.locked && <span className="rounded bg-slate-200 px-1.5 font-semibold text-slate-700">Locked</span>}
        </span>
      }
      actions={<WatchTopic topicId={t.id} level={t.watch_level} />}
    >
      <ol className="space-y-4" aria-label="Posts">
        {t.posts.map((post) => (
          <PostCard
            key={post.id}
            topicId={t.id}
            post={post}
            onQuote={() => {
              setReplyTo(post);
              setReply((r) => `${r}${quote(post)}`);
              replyBox.current?.focus();
            }}
            onReply={() => {
              setReplyTo(post);
              if (post.author.handle) setReply((r) => (r.includes(`@${post.author.handle}`) ? r : `@${post.author.handle} ${r}`));
              replyBox.current?.focus();
            }}
            onChanged={refresh}
            canReply={t.can_reply}
          />
        ))}
      </ol>
      <PageLinks label="Post" page={page} pageSize={FORUM_PAGE_SIZE} total={t.total} onPage={(p) => setParams({ page: String(p) })} />
      {t.can_reply ? (
        <ReplyForm topicId={t.id} value={reply} onChange={setReply} replyTo={replyTo} onClearReplyTo={() => setReplyTo(null)} textarea={replyBox} onPosted={async () => {
          setReply("");
          setReplyTo(null);
          await refresh();
          const last = Math.max(1, Math.ceil((t.total + 1) / FORUM_PAGE_SIZE));
          if (last !== page) setParams({ page: String(last) });
        }} />
      ) : (
        <p className={`${cardClass} mt-6 text-slate-600`}>{t.locked ? "This topic is locked: it takes no more replies." : "Replies here are for Standard and Premium members."}</p>
      )}
    </CommunityLayout>
  );
}

function WatchTopic({ topicId, level }: { topicId: string; level: string }) {
  const id = useId();
  const watch = trpc.member.forum.watch.useMutation();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Notifications
      </label>
      <select id={id} className={`${inputClass} mt-0 w-auto`} defaultValue={level} onChange={(e) => watch.mutate({ target: "topic", id: topicId, level: e.target.value as "watching" | "normal" | "muted" })}>
        <option value="watching">Watching</option>
        <option value="normal">Normal</option>
        <option value="muted">Muted</option>
      </select>
    </div>
  );
}

function PostCard({ topicId, post, onQuote, onReply, onChanged, canReply }: { topicId: string; post: Post; onQuote: () => void; onReply: () => void; onChanged: () => Promise<unknown>; canReply: boolean }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(post.body);
  const edit = trpc.member.forum.editPost.useMutation({ onSuccess: async () => { setEditing(false); await onChanged(); } });
  const remove = trpc.member.forum.deletePost.useMutation({ onSuccess: onChanged });
  const alert = useAlert();
  const headingId = `post-${post.number}`;
  return (
    <li id={headingId} aria-labelledby={`${headingId}-author`} className={cardClass}>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p id={`${headingId}-author`} className="font-semibold text-slate-900">
          {post.author.name}
          {post.author.handle && <span className="ml-1 font-normal text-slate-500">@{post.author.handle}</span>}
          {post.author.staff && <span className="ml-2 rounded bg-brand-100 px-1.5 text-xs text-brand-800">Staff</span>}
        </p>
        <p className="text-slate-500">
          #{post.number} · {chicago.dateTime(post.created_at)}
          {post.edited_at && <span> · edited{post.revision_count > 0 ? ` (${post.revision_count} earlier ${post.revision_count === 1 ? "version" : "versions"})` : ""}</span>}
        </p>
      </div>
      {post.reply_to && (
        <p className="mt-1 text-xs text-slate-500">
          In reply to <a className="underline" href={`#post-${post.reply_to.number}`}>post #{post.reply_to.number}</a>
        </p>
      )}
      {editing ? (
        <form
          className="mt-3 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            edit.mutate({ id: post.id, body: draft });
          }}
        >
          <Field id={`edit-${post.id}`} label={`Edit post #${post.number}`}>
            <MentionTextarea id={`edit-${post.id}`} rows={5} value={draft} onChange={setDraft} context={{ topic_id: topicId }} />
          </Field>
          {edit.isError && <Notice kind="error">{errorMessage(edit.error)}</Notice>}
          <div className="flex gap-2">
            <Button type="submit" className="text-sm" disabled={edit.isPending}>Save edit</Button>
            <Button variant="secondary" className="text-sm" onClick={() => setEditing(false)}>Cancel</Button>
          </div>
        </form>
      ) : (
        <ServerHtml html={post.html} className="mt-3 text-slate-800" />
      )}
      {!post.deleted && !editing && (
        <div className="mt-3 flex flex-wrap gap-1">
          {canReply && (
            <>
              <Button variant="ghost" className="px-2 py-1 text-sm" onClick={onReply} aria-label={`Reply to post #${post.number} by ${post.author.name}`}>Reply</Button>
              {!post.hidden && <Button variant="ghost" className="px-2 py-1 text-sm" onClick={onQuote} aria-label={`Quote post #${post.number}`}>Quote</Button>}
            </>
          )}
          {post.can_edit && <Button variant="ghost" className="px-2 py-1 text-sm" onClick={() => { setDraft(post.body); setEditing(true); }} aria-label={`Edit post #${post.number}`}>Edit</Button>}
          {post.can_edit && (
            <Button variant="ghost" className="px-2 py-1 text-sm text-red-700" disabled={remove.isPending} aria-label={`Delete post #${post.number}`}
              onClick={async () => {
                const sure = await alert({ title: "Delete this post?", message: "A note that it was deleted stays in the thread.", confirmLabel: "Delete", cancelLabel: "Cancel", destructive: true });
                if (sure) remove.mutate({ id: post.id });
              }}>
              Delete
            </Button>
          )}
          {post.can_flag && <FlagDialog post={post} onFlagged={onChanged} />}
        </div>
      )}
    </li>
  );
}

function FlagDialog({ post, onFlagged }: { post: Post; onFlagged: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const flag = trpc.member.forum.flag.useMutation({ onSuccess: async () => { await onFlagged(); } });
  return (
    <Dialog.Root open={open} onOpenChange={(o) => { setOpen(o); if (!o) flag.reset(); }}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" className="px-2 py-1 text-sm" aria-label={`Flag post #${post.number}`}>Flag</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Flag post #{post.number}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">An administrator reviews flagged posts. A post flagged by three members is hidden until then.</Dialog.Description>
          {flag.isSuccess ? (
            <div className="mt-4 space-y-3">
              <Notice kind="ok">{flag.data.message}</Notice>
              <Dialog.Close asChild><Button>Close</Button></Dialog.Close>
            </div>
          ) : (
            <form className="mt-4 space-y-3" onSubmit={(e: FormEvent) => { e.preventDefault(); flag.mutate({ id: post.id, reason }); }}>
              <Field id={`flag-${post.id}`} label="What is wrong with it?">
                <input id={`flag-${post.id}`} className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} maxLength={500} />
              </Field>
              {flag.isError && <Notice kind="error">{errorMessage(flag.error)}</Notice>}
              <div className="flex justify-end gap-2">
                <Dialog.Close asChild><Button variant="secondary">Cancel</Button></Dialog.Close>
                <Button type="submit" variant="danger" disabled={flag.isPending}>Flag post</Button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReplyForm(props: { topicId: string; value: string; onChange: (v: string) => void; replyTo: Post | null; onClearReplyTo: () => void; textarea: React.RefObject<HTMLTextAreaElement | null>; onPosted: () => Promise<void> }) {
  const post = trpc.member.forum.reply.useMutation({ onSuccess: props.onPosted });
  return (
    <form
      aria-labelledby="reply-heading"
      className={`${cardClass} mt-6 space-y-3`}
      onSubmit={(e) => {
        e.preventDefault();
        post.mutate({ topic_id: props.topicId, body: props.value, reply_to: props.replyTo?.id ?? null });
      }}
    >
      <h2 id="reply-heading" className="text-lg font-semibold text-slate-900">Reply</h2>
      {props.replyTo && (
        <p className="text-sm text-slate-600">
          Replying to post #{props.replyTo.number} by {props.replyTo.author.name}.{" "}
          <button type="button" className="underline" onClick={props.onClearReplyTo}>Reply to the topic instead</button>
        </p>
      )}
      <Field id="reply-body" label="Your reply" hint="Markdown works. Type @ and the start of a name to mention a member (at most 10 a post).">
        <MentionTextarea id="reply-body" textareaRef={props.textarea} rows={5} value={props.value} onChange={props.onChange} context={{ topic_id: props.topicId }} required describedBy="reply-body-hint" />
      </Field>
      {post.isError && <Notice kind="error">{errorMessage(post.error)}</Notice>}
      <Button type="submit" disabled={post.isPending}>{post.isPending ? "Posting..." : "Post reply"}</Button>
    </form>
  );
}
