import { useId, useState } from "react";
import type { ExpenseCategory } from "@shared/books.ts";
import { chicagoToday } from "@shared/calendar.ts";
import { formatCents, parseDollars } from "@shared/portal.ts";
import { Button } from "../../components/Button.tsx";
import { Field, inputClass } from "../../components/FormField.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { Badge, Card, Cell, EmptyRow, LoadFailed, Loading, notify, Table, useSessionLossGuard, when } from "./ui.tsx";
import { CategoryOptions } from "../portal/expenses/CategoryOptions.tsx";
import { OwnerLedgers } from "./OwnerLedgers.tsx";

// The staff workspace (PORTAL.md 7.1, 7.4): the support queue by first-response target, the owners
// who granted staff access with their books (expenses and rent ledgers; every read and change is
// audited and shown to the owner), and bookkeeping requests.

const STATE_LABEL = {
  awaiting_first_response: "Awaiting first reply",
  awaiting_staff: "Owner wrote again",
  answered: "Answered",
  closed: "Closed",
} as const;

export function ServicesTab() {
  const [ticketId, setTicketId] = useState<string | null>(null);
  const [ownerId, setOwnerId] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <SupportQueue onOpen={setTicketId} />
      {ticketId && <TicketPanel id={ticketId} onClose={() => setTicketId(null)} />}
      <OwnersWithGrant onOpen={setOwnerId} />
      {ownerId && <OwnerBooks ownerId={ownerId} onClose={() => setOwnerId(null)} />}
      <BookkeepingQueue onOpen={setOwnerId} />
    </div>
  );
}

function SupportQueue({ onOpen }: { onOpen: (id: string) => void }) {
  const queue = trpc.admin.support.queue.useQuery();
  useSessionLossGuard(queue.error);
  const head = ["Subject", "Owner", "Level", "First reply due", "State", ""];
  return (
    <Card title="Support queue">
      {queue.isPending ? (
        <Loading label="Loading the support queue..." />
      ) : queue.isError ? (
        <LoadFailed error={queue.error} fallback="Failed to load the support queue." onRetry={() => void queue.refetch()} />
      ) : (
        <Table caption="Support tickets by first-response target" head={head}>
          {queue.data.length === 0 && <EmptyRow columns={head.length}>No open tickets.</EmptyRow>}
          {queue.data.map((t) => (
            <tr key={t.id}>
              <Cell className="font-medium">{t.subject}</Cell>
              <Cell>{t.owner.name}</Cell>
              <Cell>{t.level}</Cell>
              <Cell className="whitespace-nowrap">
                {when(t.first_response_due_at)} {t.breached && <Badge tone="red">Breached</Badge>}
              </Cell>
              <Cell>
                <Badge tone={t.response_state === "answered" ? "green" : t.response_state === "closed" ? "slate" : "amber"}>{STATE_LABEL[t.response_state]}</Badge>
              </Cell>
              <Cell>
                <Button variant="secondary" className="text-sm" onClick={() => onOpen(t.id)} aria-label={`Open ticket ${t.subject}`}>
                  Open
                </Button>
              </Cell>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}

function TicketPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const ticket = trpc.admin.support.get.useQuery({ id });
  const utils = trpc.useUtils();
  const [body, setBody] = useState("");
  const after = () => {
    setBody("");
    void utils.admin.support.invalidate();
  };
  const reply = trpc.admin.support.reply.useMutation({ onSuccess: () => (after(), notify.success("Reply sent")), onError: (e) => notify.error(errorMessage(e, "The reply failed.")) });
  const close = trpc.admin.support.close.useMutation({ onSuccess: () => (after(), notify.success("Ticket closed")) });
  const bodyId = useId();
  if (ticket.isPending) return <Loading label="Loading the ticket..." />;
  if (ticket.isError) return <LoadFailed error={ticket.error} fallback="Failed to load the ticket." onRetry={() => void ticket.refetch()} />;
  const t = ticket.data;
  return (
    <Card
      title={`Ticket: ${t.subject}`}
      actions={
        <div className="flex gap-2">
          {t.status !== "closed" && (
            <Button variant="secondary" className="text-sm" disabled={close.isPending} onClick={() => close.mutate({ id })}>
              Close Ticket
            </Button>
          )}
          <Button variant="secondary" className="text-sm" onClick={onClose}>
            Hide
          </Button>
        </div>
      }
    >
      <p className="text-sm text-slate-600">
        {t.owner.name} &lt;{t.owner.email}&gt; · {t.level} · first reply due {when(t.first_response_due_at)} {t.breached && <Badge tone="red">Breached</Badge>}
      </p>
      <ol className="mt-3 space-y-2" aria-label="Conversation">
        {t.messages.map((m) => (
          <li key={m.id} className="rounded-lg border border-slate-200 p-3 text-sm">
            <p className="font-semibold">
              {m.author_name} ({m.author}) · <span className="font-normal text-slate-600">{when(m.created_at)}</span>
            </p>
            <p className="mt-1 whitespace-pre-wrap">{m.body}</p>
            {m.files.map((f) => (
              <a key={f.id} href={`/api/admin/services/files/${f.id}`} className="mt-1 block text-brand-800 underline">
                {f.name}
              </a>
            ))}
          </li>
        ))}
      </ol>
      {t.status !== "closed" && (
        <form
          className="mt-3 space-y-2"
          aria-label="Reply to the owner"
          onSubmit={(e) => {
            e.preventDefault();
            reply.mutate({ id, body });
          }}
        >
          <Field id={bodyId} label="Reply">
            <textarea id={bodyId} className={inputClass} rows={3} value={body} onChange={(e) => setBody(e.target.value)} maxLength={8000} required />
          </Field>
          <Button type="submit" disabled={reply.isPending}>
            Send Reply
          </Button>
        </form>
      )}
    </Card>
  );
}

function OwnersWithGrant({ onOpen }: { onOpen: (id: string) => void }) {
  const owners = trpc.admin.ownerBooks.owners.useQuery();
  useSessionLossGuard(owners.error);
  const head = ["Owner", "Level", "Access granted", "Uncategorised", "Open requests", ""];
  return (
    <Card title="Owner books">
      <p className="mb-3 text-sm text-slate-600">Only owners who granted staff access are listed. Everything you read or change in their books is recorded and shown to them.</p>
      {owners.isPending ? (
        <Loading label="Loading owners..." />
      ) : owners.isError ? (
        <LoadFailed error={owners.error} fallback="Failed to load owners." onRetry={() => void owners.refetch()} />
      ) : (
        <Table caption="Owners who granted staff access" head={head}>
          {owners.data.length === 0 && <EmptyRow columns={head.length}>No owner has granted staff access.</EmptyRow>}
          {owners.data.map((o) => (
            <tr key={o.id}>
              <Cell className="font-medium">
                {o.name}
                <span className="block text-xs text-slate-500">{o.email}</span>
              </Cell>
              <Cell>{o.membership_level}</Cell>
              <Cell className="whitespace-nowrap">{when(o.granted_at)}</Cell>
              <Cell>{o.uncategorised_count}</Cell>
              <Cell>{o.open_bookkeeping_requests}</Cell>
              <Cell>
                <Button variant="secondary" className="text-sm" onClick={() => onOpen(o.id)} aria-label={`Open books of ${o.name}`}>
                  Open Books
                </Button>
              </Cell>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}

function OwnerBooks({ ownerId, onClose }: { ownerId: string; onClose: () => void }) {
  const [onlyUncategorised, setOnlyUncategorised] = useState(true);
  const books = trpc.admin.ownerBooks.books.useQuery({ owner_id: ownerId, uncategorised: onlyUncategorised }, { retry: false });
  const utils = trpc.useUtils();
  const refresh = () => void utils.admin.ownerBooks.invalidate();
  const update = trpc.admin.ownerBooks.updateExpense.useMutation({
    onSuccess: () => (refresh(), notify.success("Expense categorised")),
    onError: (e) => notify.error(errorMessage(e, "The change failed.")),
  });
  if (books.isPending) return <Loading label="Loading the owner's books..." />;
  if (books.isError) return <LoadFailed error={books.error} fallback="Failed to load the owner's books." onRetry={() => void books.refetch()} />;
  const { owner, expenses, properties, leases } = books.data;
  const head = ["Date", "Payee", "Property", "Amount", "Category"];
  return (
    <Card
      title={`Books of ${owner.name}`}
      actions={
        <Button variant="secondary" className="text-sm" onClick={onClose}>
          Hide
        </Button>
      }
    >
      <label className="mb-3 flex items-center gap-2 text-sm">
        <input type="checkbox" checked={onlyUncategorised} onChange={(e) => setOnlyUncategorised(e.target.checked)} />
        Only uncategorised expenses
      </label>
      <Table caption={`Expenses of ${owner.name}`} head={head}>
        {expenses.length === 0 && <EmptyRow columns={head.length}>No expenses to show.</EmptyRow>}
        {expenses.map((e) => (
          <tr key={e.id}>
            <Cell className="whitespace-nowrap">{e.date}</Cell>
            <Cell>{e.payee}</Cell>
            <Cell>{e.property.display_name}</Cell>
            <Cell className="whitespace-nowrap">{formatCents(e.amount_cents)}</Cell>
            <Cell>
              <select
                aria-label={`Category of ${e.payee} ${formatCents(e.amount_cents)}`}
                className={inputClass}
                value={e.category ?? ""}
                disabled={update.isPending}
                onChange={(ev) => update.mutate({ owner_id: ownerId, id: e.id, patch: { category: (ev.target.value || null) as ExpenseCategory | null } })}
              >
                <option value="">Not categorized</option>
                <CategoryOptions />
              </select>
            </Cell>
          </tr>
        ))}
      </Table>
      <AddExpense ownerId={ownerId} properties={properties.map((p) => ({ id: p.id, name: p.display_name }))} onAdded={refresh} />
      <OwnerLedgers ownerId={ownerId} ownerName={owner.name} leases={leases} />
    </Card>
  );
}

function AddExpense({ ownerId, properties, onAdded }: { ownerId: string; properties: { id: string; name: string }[]; onAdded: () => void }) {
  const [propertyId, setPropertyId] = useState(properties[0]?.id ?? "");
  const [date, setDate] = useState(chicagoToday(new Date()));
  const [amount, setAmount] = useState("");
  const [payee, setPayee] = useState("");
  const [category, setCategory] = useState("");
  const add = trpc.admin.ownerBooks.addExpense.useMutation({
    onSuccess: () => {
      setAmount("");
      setPayee("");
      onAdded();
      notify.success("Expense added");
    },
    onError: (e) => notify.error(errorMessage(e, "The expense could not be added.")),
  });
  const ids = { property: useId(), date: useId(), amount: useId(), payee: useId(), category: useId() };
  return (
    <form
      aria-label="Add an expense for the owner"
      className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-5"
      onSubmit={(e) => {
        e.preventDefault();
        const cents = parseDollars(amount);
        if (cents === null || cents <= 0) return notify.error("Enter the amount in dollars, like 45.00");
        add.mutate({ owner_id: ownerId, expense: { property_id: propertyId, date, amount_cents: cents, payee, category: (category || null) as ExpenseCategory | null } });
      }}
    >
      <Field id={ids.property} label="Property">
        <select id={ids.property} className={inputClass} value={propertyId} onChange={(e) => setPropertyId(e.target.value)} required>
          {properties.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={ids.date} label="Date paid">
        <input id={ids.date} type="date" className={inputClass} value={date} onChange={(e) => setDate(e.target.value)} required />
      </Field>
      <Field id={ids.amount} label="Amount">
        <input id={ids.amount} className={inputClass} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" required />
      </Field>
      <Field id={ids.payee} label="Payee">
        <input id={ids.payee} className={inputClass} value={payee} onChange={(e) => setPayee(e.target.value)} required maxLength={200} />
      </Field>
      <Field id={ids.category} label="Category">
        <select id={ids.category} className={inputClass} value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">Not categorized</option>
          <CategoryOptions />
        </select>
      </Field>
      <div className="sm:col-span-5">
        <Button type="submit" disabled={add.isPending || properties.length === 0}>
          Add Expense
        </Button>
      </div>
    </form>
  );
}

function BookkeepingQueue({ onOpen }: { onOpen: (ownerId: string) => void }) {
  const queue = trpc.admin.bookkeeping.queue.useQuery();
  const utils = trpc.useUtils();
  const complete = trpc.admin.bookkeeping.complete.useMutation({
    onSuccess: () => (void utils.admin.bookkeeping.invalidate(), void utils.admin.ownerBooks.invalidate(), notify.success("Marked done; the owner is emailed")),
    onError: (e) => notify.error(errorMessage(e, "The request could not be marked done.")),
  });
  useSessionLossGuard(queue.error);
  const head = ["Owner", "Note", "Filed", "Staff access", ""];
  return (
    <Card title="Bookkeeping requests">
      {queue.isPending ? (
        <Loading label="Loading bookkeeping requests..." />
      ) : queue.isError ? (
        <LoadFailed error={queue.error} fallback="Failed to load bookkeeping requests." onRetry={() => void queue.refetch()} />
      ) : (
        <Table caption="Open bookkeeping requests, oldest first" head={head}>
          {queue.data.length === 0 && <EmptyRow columns={head.length}>No open requests.</EmptyRow>}
          {queue.data.map((r) => (
            <tr key={r.id}>
              <Cell className="font-medium">{r.owner.name}</Cell>
              <Cell>
                {r.note}
                {r.file_count > 0 && <span className="block text-xs text-slate-500">{r.file_count} file(s)</span>}
              </Cell>
              <Cell className="whitespace-nowrap">{when(r.created_at)}</Cell>
              <Cell>{r.staff_access ? <Badge tone="green">Granted</Badge> : <Badge tone="red">Not granted</Badge>}</Cell>
              <Cell>
                {r.staff_access && (
                  <div className="flex gap-2">
                    <Button variant="secondary" className="text-sm" onClick={() => onOpen(r.owner.id)}>
                      Open Books
                    </Button>
                    <Button className="text-sm" disabled={complete.isPending} onClick={() => complete.mutate({ id: r.id, note: "" })}>
                      Mark Done
                    </Button>
                  </div>
                )}
              </Cell>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}
