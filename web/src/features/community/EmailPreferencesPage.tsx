import { useEffect, useState } from "react";
import type { TEmailPreferences } from "@shared/community.ts";
import { Button } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { CommunityLayout, Loading, QueryProblem } from "./CommunityLayout.tsx";
import { cardClass, Notice } from "./ui.tsx";

const CHOICES: { key: keyof TEmailPreferences; label: string; hint: string }[] = [
  { key: "legal_updates", label: "Legal updates", hint: "New posts about Illinois landlord law, when staff send them." },
  { key: "webinars", label: "Webinars", hint: "Announcements of new monthly webinars." },
  { key: "forum_digest", label: "Forum digest", hint: "Monday mornings: the week's most active topics." },
  { key: "forum_notifications", label: "Forum replies and mentions", hint: "One email per topic when someone replies or mentions you and you have not read it within 10 minutes." },
];

/** /email/preferences: the newsletters a member receives (every bulk email also has a one-click unsubscribe). */
export default function EmailPreferencesPage() {
  const prefs = trpc.member.emailPreferences.get.useQuery(undefined, { retry: false });
  const [draft, setDraft] = useState<TEmailPreferences | null>(null);
  const save = trpc.member.emailPreferences.save.useMutation();
  useEffect(() => {
    if (prefs.data) setDraft(prefs.data);
  }, [prefs.data]);
  return (
    <CommunityLayout title="Email preferences" intro="Choose the emails you get from the association. Account, payment and webinar registration emails always come.">
      {prefs.isError ? (
        <QueryProblem error={prefs.error} what="email preferences" onRetry={() => void prefs.refetch()} />
      ) : !draft ? (
        <Loading />
      ) : (
        <form className={`${cardClass} max-w-2xl space-y-4`} onSubmit={(e) => { e.preventDefault(); save.mutate(draft); }}>
          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold text-slate-900">Newsletters</legend>
            {CHOICES.map((c) => (
              <div key={c.key} className="flex items-start gap-3">
                <input id={`pref-${c.key}`} type="checkbox" className="mt-1 h-5 w-5" checked={draft[c.key]} aria-describedby={`pref-${c.key}-hint`} onChange={(e) => setDraft({ ...draft, [c.key]: e.target.checked })} />
                <div>
                  <label htmlFor={`pref-${c.key}`} className="font-medium text-slate-900">{c.label}</label>
                  <p id={`pref-${c.key}-hint`} className="text-sm text-slate-600">{c.hint}</p>
                </div>
              </div>
            ))}
          </fieldset>
          {save.isSuccess && <Notice kind="ok">Your email preferences are saved.</Notice>}
          {save.isError && <Notice kind="error">{errorMessage(save.error)}</Notice>}
          <Button type="submit" disabled={save.isPending}>{save.isPending ? "Saving..." : "Save preferences"}</Button>
        </form>
      )}
    </CommunityLayout>
  );
}
