import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { ADMIN_PAGE_SIZES } from "@shared/admin.ts";
import { Button, buttonClass } from "../../components/Button.tsx";
import { trpc } from "../../trpc.ts";
import { Badge, Card, Cell, EmptyRow, LoadFailed, Loading, Pager, SearchForm, Table, useSessionLossGuard, when } from "./ui.tsx";

const STATUS_TONE = { pending: "amber", sent: "green", failed: "red" } as const;

/** Email queued and sent (DECISIONS.md 14): with no SMTP server this is where an admin reads it. */
export function OutboxTab() {
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  const [reading, setReading] = useState<string | null>(null);
  const limit = ADMIN_PAGE_SIZES.outbox;
  const list = trpc.admin.records.outbox.useQuery({ q: q || undefined, offset, limit });
  useSessionLossGuard(list.error);
  const head = ["Queued", "To", "Subject", "Status", "Sent", "Actions"];
  return (
    <Card title="Email Outbox">
      <div className="mb-4">
        <SearchForm
          label="Search email"
          placeholder="Recipient or subject"
          onSearch={(value) => {
            setQ(value);
            setOffset(0);
          }}
        />
      </div>
      {list.isPending ? (
        <Loading label="Loading email..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} fallback="Failed to load the outbox." onRetry={() => void list.refetch()} />
      ) : (
        <>
          {!list.data.delivered && (
            <p role="note" className="mb-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              This server has no mail server set (SMTP_URL), so email is kept here and not delivered. Read each message with Read.
            </p>
          )}
          <Table caption="Email outbox" head={head}>
            {list.data.items.length === 0 && <EmptyRow columns={head.length}>No email yet.</EmptyRow>}
            {list.data.items.map((m) => (
              <tr key={m.id}>
                <Cell className="whitespace-nowrap">{when(m.created_at)}</Cell>
                <Cell className="break-all">{m.to}</Cell>
                <Cell>{m.subject}</Cell>
                <Cell>
                  {m.status === "pending" && !list.data.delivered ? <Badge tone="slate">kept here</Badge> : <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge>}
                  {m.attempts > 0 && m.status !== "sent" && <span className="ml-1 text-xs text-slate-500">{m.attempts} attempts</span>}
                </Cell>
                <Cell className="whitespace-nowrap">{when(m.sent_at)}</Cell>
                <Cell>
                  <Button variant="secondary" className="px-3 py-1.5 text-sm" aria-label={`Read email "${m.subject}" to ${m.to}`} onClick={() => setReading(m.id)}>
                    Read
                  </Button>
                </Cell>
              </tr>
            ))}
          </Table>
          <Pager what="emails" offset={offset} limit={limit} total={list.data.total} shown={list.data.items.length} onOffset={setOffset} />
        </>
      )}
      <MessageDialog id={reading} onClose={() => setReading(null)} />
    </Card>
  );
}

function MessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const message = trpc.admin.records.outboxMessage.useQuery({ id: id ?? "" }, { enabled: id !== null, retry: false });
  return (
    <Dialog.Root open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-40 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-semibold text-slate-900">{message.data?.subject ?? "Email"}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{message.data ? `To ${message.data.to}` : "The message as it was queued."}</Dialog.Description>
          <div className="mt-4 min-h-0 flex-1 overflow-y-auto">
            {message.isPending ? (
              <Loading label="Loading email..." />
            ) : message.isError ? (
              <LoadFailed error={message.error} fallback="Failed to load the email." onRetry={() => void message.refetch()} />
            ) : (
              <>
                {message.data.credentials === "hidden" && (
                  <p role="note" className="mb-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
                    This message hands its recipient a sign-in link or code. It was sent to them alone and is hidden here.
                  </p>
                )}
                {message.data.credentials === "shown" && (
                  <p role="note" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                    TEST MODE: no mail server is configured, so this outbox is the only mailbox and shows the link or code. With
                    SMTP_URL set, staff never see it.
                  </p>
                )}
                {message.data.last_error && (
                  <p className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">Last error: {message.data.last_error}</p>
                )}
                <pre aria-label="Email text" className="whitespace-pre-wrap rounded-lg bg-slate-50 p-4 font-sans text-sm text-slate-800">
                  {message.data.text}
                </pre>
                {message.data.attachments.length > 0 && (
                  <p className="mt-3 text-sm text-slate-600">
                    Attachments: {message.data.attachments
                      .map((a) => `${a.filename} (${a.bytes === null ? "made from the signed record when sent" : `${Math.ceil(a.bytes / 1024)} KB`})`)
                      .join(", ")}
                  </p>
                )}
              </>
            )}
          </div>
          <div className="mt-5 flex justify-end">
            <Dialog.Close className={buttonClass("secondary")}>Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
