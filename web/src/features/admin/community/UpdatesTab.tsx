import { useState, type FormEvent } from "react";
import { SUGGESTED_UPDATE_TAGS, UPDATE_STATUS_OPTIONS, UPDATE_VISIBILITY_OPTIONS } from "@shared/community.ts";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { Card, Cell, EmptyRow, LoadFailed, Loading, notify, Table, useSessionLossGuard, when } from "../ui.tsx";

type Update = RouterOutputs["admin"]["updates"]["list"][number];

const blank = { id: "", title: "", slug: "", excerpt: "", body: "", visibility: "members" as Update["visibility"], tags: "", status: "draft" as "draft" | "scheduled" | "published", publish_at: "", send_email: false };

/** Legal updates: write, schedule, publish and send as email (COMMUNITY.md 2). */
export function UpdatesTab() {
  const list = trpc.admin.updates.list.useQuery();
  useSessionLossGuard(list.error);
  const [form, setForm] = useState(blank);
  const utils = trpc.useUtils();
  const done = async (u: { title: string; emailed_to: number }) => {
    notify.success(`Saved "${u.title}".`, u.emailed_to ? `Emailed to ${u.emailed_to} subscribed members.` : undefined);
    setForm(blank);
    await utils.admin.updates.list.invalidate();
  };
  const create = trpc.admin.updates.create.useMutation({ onSuccess: done, onError: (e) => notify.error(errorMessage(e)) });
  const change = trpc.admin.updates.change.useMutation({ onSuccess: done, onError: (e) => notify.error(errorMessage(e)) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fields = {
      title: form.title,
      ...(form.slug ? { slug: form.slug } : {}),
      excerpt: form.excerpt,
      body: form.body,
      visibility: form.visibility,
      tags: form.tags.split(",").map((t) => t.trim()).filter(Boolean),
      status: form.status,
      publish_at: form.status === "scheduled" && form.publish_at ? new Date(form.publish_at).toISOString() : null,
      send_email: form.send_email,
    };
    if (form.id) change.mutate({ id: form.id, ...fields });
    else create.mutate(fields);
  };
  const set = (patch: Partial<typeof blank>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <div className="space-y-6">
      <Card title={form.id ? "Edit legal update" : "Write a legal update"}>
        <form onSubmit={submit} className="grid gap-4 md:grid-cols-2">
          <Field id="up-title" label="Title"><input id="up-title" className={inputClass} value={form.title} onChange={(e) => set({ title: e.target.value })} required minLength={3} /></Field>
          <Field id="up-slug" label="Slug (optional)" hint="Made from the title when empty."><input id="up-slug" className={inputClass} value={form.slug} onChange={(e) => set({ slug: e.target.value })} aria-describedby="up-slug-hint" /></Field>
          <div className="md:col-span-2"><Field id="up-excerpt" label="Excerpt" hint="Shown to everyone, also where the post is for members only."><textarea id="up-excerpt" rows={2} className={inputClass} value={form.excerpt} onChange={(e) => set({ excerpt: e.target.value })} aria-describedby="up-excerpt-hint" /></Field></div>
          <div className="md:col-span-2"><Field id="up-body" label="Body (Markdown)"><textarea id="up-body" rows={8} className={inputClass} value={form.body} onChange={(e) => set({ body: e.target.value })} required /></Field></div>
          <Field id="up-visibility" label="Who may read it">
            <select id="up-visibility" className={inputClass} value={form.visibility} onChange={(e) => set({ visibility: e.target.value as Update["visibility"] })}>
              {UPDATE_VISIBILITY_OPTIONS.map((v) => <option key={v} value={v}>{v === "public" ? "Public (anyone, search engines)" : v === "members" ? "Members (Basic included)" : "Paid members (Standard and Premium)"}</option>)}
            </select>
          </Field>
          <Field id="up-tags" label="Tags" hint={`Separated by commas: ${SUGGESTED_UPDATE_TAGS.join(", ")}`}><input id="up-tags" className={inputClass} value={form.tags} onChange={(e) => set({ tags: e.target.value })} aria-describedby="up-tags-hint" /></Field>
          <Field id="up-status" label="Status">
            <select id="up-status" className={inputClass} value={form.status} onChange={(e) => set({ status: e.target.value as typeof form.status })}>
              {UPDATE_STATUS_OPTIONS.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </Field>
          {form.status === "scheduled" && <Field id="up-publish-at" label="Publish at (your local time)"><input id="up-publish-at" type="datetime-local" className={inputClass} value={form.publish_at} onChange={(e) => set({ publish_at: e.target.value })} required /></Field>}
          <label className="flex items-center gap-2 text-sm md:col-span-2"><input type="checkbox" checked={form.send_email} onChange={(e) => set({ send_email: e.target.checked })} /> Send as email to subscribed members who may read it, when published (once)</label>
          <div className="flex gap-2 md:col-span-2">
            <Button type="submit" disabled={create.isPending || change.isPending}>{form.id ? "Save update" : "Create update"}</Button>
            {form.id && <Button variant="secondary" onClick={() => setForm(blank)}>New update instead</Button>}
          </div>
        </form>
      </Card>
      <Card title="Legal updates">
        {list.isError ? <LoadFailed error={list.error} fallback="Failed to load updates." onRetry={() => void list.refetch()} /> : list.isPending ? <Loading /> : (
          <Table caption="Legal updates" head={["Title", "Visibility", "Status", "Published", "Emailed", ""]}>
            {list.data.length === 0 && <EmptyRow columns={6}>No updates yet.</EmptyRow>}
            {list.data.map((u) => (
              <tr key={u.id}>
                <Cell><a className="underline" href={`/updates/${u.slug}`}>{u.title}</a></Cell>
                <Cell>{u.visibility}</Cell>
                <Cell>{u.status}{u.status === "scheduled" && u.publish_at ? ` for ${when(u.publish_at)}` : ""}</Cell>
                <Cell>{when(u.published_at)}</Cell>
                <Cell>{u.emailed_at ? when(u.emailed_at) : u.send_email ? "when published" : "no"}</Cell>
                <Cell>
                  <Button variant="ghost" className="px-2 py-1 text-sm" aria-label={`Edit ${u.title}`} onClick={() => setForm({ id: u.id, title: u.title, slug: u.slug, excerpt: u.excerpt, body: u.body ?? "", visibility: u.visibility, tags: u.tags.join(", "), status: u.status, publish_at: "", send_email: u.send_email })}>Edit</Button>
                </Cell>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </div>
  );
}
