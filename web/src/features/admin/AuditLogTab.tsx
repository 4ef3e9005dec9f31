import { useState } from "react";
import { ADMIN_PAGE_SIZES } from "@shared/admin.ts";
import { Button } from "../../components/Button.tsx";
import { trpc } from "../../trpc.ts";
import { Card, Cell, EmptyRow, LoadFailed, Loading, Table, useSessionLossGuard, when } from "./ui.tsx";

const ACTION_LABELS: Record<string, string> = {
  sign_in: "Signed in",
  sign_out: "Signed out",
  member_activated: "Activated member",
  member_deactivated: "Deactivated member",
  member_password_reset: "Reset member password",
  member_deleted: "Deleted member",
  contract_email_resent: "Resent contract email",
  payment_link_sent: "Sent payment link",
  backup_exported: "Exported backup",
  members_csv_exported: "Exported member CSV",
  test_data_cleaned: "Cleaned test data",
  outbox_message_read: "Read an email in the outbox",
  deposit_rate_added: "Added a deposit interest rate",
};

function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([key]) => key !== "success")
    .map(([key, value]) => `${key.replaceAll("_", " ")}: ${String(value)}`)
    .join(", ");
}

/** Every admin action, newest first (DECISIONS.md 16). Read-only: there is no way to edit it. */
export function AuditLogTab() {
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors[cursors.length - 1];
  const log = trpc.admin.records.auditLog.useQuery({ limit: ADMIN_PAGE_SIZES.auditLog, before });
  useSessionLossGuard(log.error);
  const head = ["When", "Administrator", "Action", "Target", "Details", "IP address"];
  return (
    <Card title="Audit Log">
      <p className="mb-4 text-sm text-slate-600">What administrators did, when and from where. Entries are permanent and cannot be edited.</p>
      {log.isPending ? (
        <Loading label="Loading the audit log..." />
      ) : log.isError ? (
        <LoadFailed error={log.error} fallback="Failed to load the audit log." onRetry={() => void log.refetch()} />
      ) : (
        <>
          <Table caption="Audit log" head={head}>
            {log.data.items.length === 0 && <EmptyRow columns={head.length}>No admin actions recorded yet.</EmptyRow>}
            {log.data.items.map((e) => (
              <tr key={e.id}>
                <Cell className="whitespace-nowrap">{when(e.created_at)}</Cell>
                <Cell>{e.admin_name}</Cell>
                <Cell className="font-medium">{ACTION_LABELS[e.action] ?? e.action}</Cell>
                <Cell className="break-words">{e.target_label ?? (e.target_type && e.target_type !== "data" ? `A ${e.target_type} no longer on record` : "—")}</Cell>
                <Cell className="text-xs text-slate-600">{describeDetails(e.details) || "—"}</Cell>
                <Cell className="font-mono text-xs">{e.ip_address ?? "—"}</Cell>
              </tr>
            ))}
          </Table>
          <nav aria-label="Audit log pages" className="mt-3 flex gap-2">
            <Button variant="secondary" className="px-3 py-1.5 text-sm" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
              Newer entries
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-sm"
              disabled={log.data.next_before === null}
              onClick={() => setCursors((c) => [...c, log.data.next_before ?? undefined])}
            >
              Older entries
            </Button>
          </nav>
        </>
      )}
    </Card>
  );
}
