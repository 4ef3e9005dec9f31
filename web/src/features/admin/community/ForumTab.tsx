import { useState } from "react";
import type { ModerationAction } from "@shared/community.ts";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { trpc } from "../../../trpc.ts";
import { Card, LoadFailed, Loading, notify, useSessionLossGuard, when } from "../ui.tsx";

const TOPIC_ACTIONS: { action: ModerationAction; label: string }[] = [
  { action: "pin", label: "Pin in category" },
  { action: "pin_globally", label: "Pin everywhere" },
  { action: "unpin", label: "Unpin" },
  { action: "lock", label: "Lock" },
  { action: "unlock", label: "Unlock" },
  { action: "hide", label: "Hide" },
  { action: "unhide", label: "Unhide" },
  { action: "delete", label: "Delete" },
  { action: "restore", label: "Restore" },
];

/** Forum moderation: the flag queue and topic actions, each with a reason for the audit log. */
export function ForumTab() {
  const flags = trpc.admin.forum.flags.useQuery();
  const topics = trpc.admin.forum.topics.useQuery({ page: 1 });
  const categories = trpc.admin.forum.categories.useQuery();
  useSessionLossGuard(flags.error);
  const utils = trpc.useUtils();
  const [reason, setReason] = useState("");
  const [moveTo, setMoveTo] = useState("");
  const moderate = trpc.admin.forum.moderate.useMutation({
    onSuccess: async (r) => {
      notify.success(`Done: ${r.action.replace(/_/g, " ")}.`);
      await Promise.all([utils.admin.forum.flags.invalidate(), utils.admin.forum.topics.invalidate()]);
    },
    onError: (e) => notify.error(errorMessage(e)),
  });
  const act = (topic_id: string, action: ModerationAction, extra: Record<string, unknown> = {}) => {
    if (reason.trim().length < 3) {
      notify.error("Give a reason for the record first.");
      return;
    }
    moderate.mutate({ topic_id, action, reason, ...extra });
  };
  return (
    <div className="space-y-6">
      <Card title="Moderation reason">
        <Field id="mod-reason" label="Reason (kept in the audit log with every action below)">
          <input id="mod-reason" className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
        </Field>
      </Card>
      <Card title="Flagged posts">
        {flags.isError ? <LoadFailed error={flags.error} fallback="Failed to load flags." onRetry={() => void flags.refetch()} /> : flags.isPending ? <Loading /> : flags.data.length === 0 ? <p className="text-slate-600">No open flags.</p> : (
          <ul className="space-y-3">
            {flags.data.map((f) => (
              <li key={f.post_id} className="rounded-lg border border-slate-200 p-3">
                <p className="text-sm font-semibold">{f.topic_title} · post #{f.post_number} by {f.author.name} · {f.flag_count} {f.flag_count === 1 ? "flag" : "flags"}{f.hidden ? " · hidden" : ""}</p>
                <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{f.body}</p>
                <p className="mt-1 text-xs text-slate-500">Reasons: {f.reasons.join("; ")}</p>
                <div className="mt-2 flex flex-wrap gap-1">
                  <Button variant="secondary" className="px-2 py-1 text-sm" onClick={() => act(f.topic_id, "review_flags", { post_id: f.post_id })}>Keep post</Button>
                  <Button variant="secondary" className="px-2 py-1 text-sm" onClick={() => act(f.topic_id, "hide", { post_id: f.post_id })}>Hide post</Button>
                  <Button variant="danger" className="px-2 py-1 text-sm" onClick={() => act(f.topic_id, "delete", { post_id: f.post_id })}>Delete post</Button>
                  <Button variant="secondary" className="px-2 py-1 text-sm" onClick={() => act(f.topic_id, "silence", { post_id: f.post_id, days: 7 })}>Silence author 7 days</Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Latest topics">
        {topics.isError ? <LoadFailed error={topics.error} fallback="Failed to load topics." onRetry={() => void topics.refetch()} /> : topics.isPending ? <Loading /> : (
          <ul className="space-y-3">
            {topics.data.topics.map((t) => (
              <li key={t.id} className="rounded-lg border border-slate-200 p-3">
                <p className="font-semibold"><a className="underline" href={`/community/t/${t.id}`}>{t.title}</a></p>
                <p className="text-xs text-slate-500">{t.category.name} · {t.author.name} · {when(t.last_post_at)} · {t.pinned !== "none" ? `pinned (${t.pinned}) · ` : ""}{t.locked ? "locked · " : ""}{t.hidden ? "hidden" : ""}</p>
                <div className="mt-2 flex flex-wrap gap-1">
                  {TOPIC_ACTIONS.map((a) => (
                    <Button key={a.action} variant="ghost" className="px-2 py-1 text-sm" aria-label={`${a.label}: ${t.title}`} onClick={() => act(t.id, a.action)}>{a.label}</Button>
                  ))}
                  <label className="sr-only" htmlFor={`move-${t.id}`}>Move {t.title} to</label>
                  <select id={`move-${t.id}`} className={`${inputClass} mt-0 w-auto py-1 text-sm`} value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
                    <option value="">Move to...</option>
                    {categories.data?.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
                  </select>
                  <Button variant="ghost" className="px-2 py-1 text-sm" disabled={!moveTo} onClick={() => act(t.id, "move", { category_id: moveTo })}>Move</Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
