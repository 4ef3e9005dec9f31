import { useId, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import { Failed, FormError, Section, Working } from "../owner/ui.tsx";
import { AttachFile } from "./AttachFile.tsx";
import { at, RESPONSE_STATE_LABEL } from "./ServicesPage.tsx";

/** One support ticket: its target, the conversation, and a reply box while it is open. */
export default function TicketPage({ canWrite }: { canWrite: boolean }) {
  const { id = "" } = useParams();
  const ticket = trpc.member.owner.services.tickets.get.useQuery({ id }, { refetchOnMount: "always" });
  const utils = trpc.useUtils();
  const [body, setBody] = useState("");
  const send = trpc.member.owner.services.tickets.message.useMutation({
    onSuccess: (data) => {
      setBody("");
      utils.member.owner.services.tickets.get.setData({ id }, data);
    },
  });
  const bodyId = useId();
  if (ticket.isPending) return <Working label="Loading the ticket..." />;
  if (ticket.isError) return <Failed error={ticket.error} what="the ticket" onRetry={() => void ticket.refetch()} />;
  const t = ticket.data;
  return (
    <div className="space-y-4">
      <Link to="/portal/services" className="text-sm text-brand-800 underline">
        Back to Premium services
      </Link>
      <Section title={t.subject}>
        <p className="text-sm text-slate-600">
          {RESPONSE_STATE_LABEL[t.response_state]} · first reply due {at(t.first_response_due_at)}
          {t.first_response_at ? ` · first reply ${at(t.first_response_at)}` : ""}
        </p>
        <ol className="mt-4 space-y-3" aria-label="Conversation">
          {t.messages.map((m) => (
            <li key={m.id} className={`rounded-lg border p-3 text-sm ${m.author === "staff" ? "border-brand-200 bg-brand-50" : "border-slate-200"}`}>
              <p className="font-semibold">
                {m.author_name}
                {m.author === "staff" ? " (association staff)" : ""} · <span className="font-normal text-slate-600">{at(m.created_at)}</span>
              </p>
              <p className="mt-1 whitespace-pre-wrap">{m.body}</p>
              {m.files.map((f) => (
                <a key={f.id} href={`/api/portal/files/${f.id}`} className="mt-1 block text-brand-800 underline">
                  {f.name}
                </a>
              ))}
            </li>
          ))}
        </ol>
        {canWrite && t.status !== "closed" && (
          <form
            className="mt-4 space-y-3"
            aria-label="Reply"
            onSubmit={(e) => {
              e.preventDefault();
              send.mutate({ id, body });
            }}
          >
            <Field id={bodyId} label="Your message">
              <textarea id={bodyId} className={inputClass} rows={3} value={body} onChange={(e) => setBody(e.target.value)} maxLength={8000} required />
            </Field>
            <FormError error={send.error} fallback="The message could not be sent." />
            <Button type="submit" disabled={send.isPending}>
              Send
            </Button>
          </form>
        )}
        {canWrite && t.status !== "closed" && (
          <AttachFile path={`/api/portal/support/tickets/${id}/files`} label="Attach a photo or PDF" onDone={() => void ticket.refetch()} />
        )}
      </Section>
    </div>
  );
}
