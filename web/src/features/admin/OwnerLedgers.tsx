import { useState } from "react";
import { formatCents, ledgerEntryWords } from "@shared/portal.ts";
import { Button } from "../../components/Button.tsx";
import { trpc } from "../../trpc.ts";
import { day } from "../portal/owner/ui.tsx";
import { PortalDialog } from "../portal/owner/dialog.tsx";
import { ChargeFields, PaymentFields } from "../portal/leases/LedgerForms.tsx";
import { Cell, EmptyRow, LoadFailed, Loading, notify, Table } from "./ui.tsx";

// Bookkeeping support in the rent ledgers (PORTAL.md 7.1): under the owner's grant, staff read a
// lease's ledger and record the payments and charges the owner sends them, with the owner's own
// forms and rules. Every read and entry is audited by the server and listed to the owner.

interface LeaseRow {
  id: string;
  property: { display_name: string };
  unit: { label: string };
  tenants: { first_name: string; last_name: string }[];
  state: string;
  balance_cents: number;
}

const tenantsOf = (lease: LeaseRow) => lease.tenants.map((t) => `${t.first_name} ${t.last_name}`).join(", ") || "No tenant named";

export function OwnerLedgers({ ownerId, ownerName, leases }: { ownerId: string; ownerName: string; leases: LeaseRow[] }) {
  const [open, setOpen] = useState<LeaseRow | null>(null);
  const head = ["Property", "Tenants", "State", "Balance", ""];
  return (
    <div className="mt-6">
      <h3 className="mb-2 font-semibold text-slate-900">Rent ledgers</h3>
      <Table caption={`Leases of ${ownerName}`} head={head}>
        {leases.length === 0 && <EmptyRow columns={head.length}>No leases yet.</EmptyRow>}
        {leases.map((l) => (
          <tr key={l.id}>
            <Cell>
              {l.property.display_name}, unit {l.unit.label}
            </Cell>
            <Cell>{tenantsOf(l)}</Cell>
            <Cell>{l.state}</Cell>
            <Cell className="whitespace-nowrap">{formatCents(l.balance_cents)}</Cell>
            <Cell>
              <Button variant="secondary" className="text-sm" onClick={() => setOpen(l)} aria-label={`Open the ledger of ${tenantsOf(l)}`}>
                Open Ledger
              </Button>
            </Cell>
          </tr>
        ))}
      </Table>
      {open && <LedgerPanel ownerId={ownerId} lease={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function LedgerPanel({ ownerId, lease, onClose }: { ownerId: string; lease: LeaseRow; onClose: () => void }) {
  const ledger = trpc.admin.ownerBooks.ledger.useQuery({ owner_id: ownerId, lease_id: lease.id }, { retry: false });
  const [form, setForm] = useState<"payment" | "charge" | null>(null);
  const utils = trpc.useUtils();
  const done = (what: string) => async () => {
    await utils.admin.ownerBooks.invalidate();
    setForm(null);
    notify.success(what);
  };
  const payment = trpc.admin.ownerBooks.recordPayment.useMutation({ onSuccess: done("Payment recorded; the owner sees it in their ledger") });
  const charge = trpc.admin.ownerBooks.recordCharge.useMutation({ onSuccess: done("Added to the ledger") });
  const tenants = tenantsOf(lease);
  if (ledger.isPending) return <Loading label="Loading the ledger..." />;
  if (ledger.isError) return <LoadFailed error={ledger.error} fallback="Failed to load the ledger." onRetry={() => void ledger.refetch()} />;
  const head = ["Date", "Entry", "Amount", "Balance"];
  return (
    <section aria-label={`Ledger of ${tenants}`} className="mt-4 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          Ledger of {tenants}: balance {formatCents(ledger.data.balance_cents)}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button className="text-sm" onClick={() => setForm("payment")}>
            Record a Payment
          </Button>
          <Button variant="secondary" className="text-sm" onClick={() => setForm("charge")}>
            Add a Charge or Credit
          </Button>
          <Button variant="ghost" className="text-sm" onClick={onClose}>
            Hide Ledger
          </Button>
        </div>
      </div>
      <div className="mt-3">
        <Table caption={`Entries of the ledger of ${tenants}`} head={head}>
          {ledger.data.entries.length === 0 && <EmptyRow columns={head.length}>Nothing is due yet.</EmptyRow>}
          {ledger.data.entries.map((e) => (
            <tr key={e.id}>
              <Cell className="whitespace-nowrap">{day(e.date)}</Cell>
              <Cell>
                {entryText(e.kind, e.description)}
                {e.source === "staff" ? " (recorded by staff)" : ""}
                {e.voided_by ? " (voided)" : ""}
              </Cell>
              <Cell className="whitespace-nowrap">{formatCents(e.amount_cents)}</Cell>
              <Cell className="whitespace-nowrap">{formatCents(e.balance_cents)}</Cell>
            </tr>
          ))}
        </Table>
      </div>
      <PortalDialog open={form === "payment"} onOpenChange={(o) => !o && setForm(null)} title="Record a payment" description={`From ${tenants}, for ${lease.property.display_name}.`}>
        <PaymentFields record={{ ...payment, mutate: (p) => payment.mutate({ owner_id: ownerId, lease_id: lease.id, payment: p }) }} onCancel={() => setForm(null)} />
      </PortalDialog>
      <PortalDialog open={form === "charge"} onOpenChange={(o) => !o && setForm(null)} title="Add a charge or credit">
        <ChargeFields record={{ ...charge, mutate: (c) => charge.mutate({ owner_id: ownerId, lease_id: lease.id, charge: c }) }} onCancel={() => setForm(null)} />
      </PortalDialog>
    </section>
  );
}

const entryText = (...args: Parameters<typeof ledgerEntryWords>) => {
  const { lead, rest } = ledgerEntryWords(...args);
  return lead + rest;
};
