import { ADMIN_PAGE_SIZES } from "@shared/admin.ts";
import { Button } from "../../components/Button.tsx";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { useMemberActions } from "./useMemberActions.tsx";
import { Badge, Card, Cell, EmptyRow, PagedList, Table, usePagedSearch, when } from "./ui.tsx";

const SUBSCRIPTION_TONE: Record<string, "green" | "amber" | "red" | "slate" | "blue"> = {
  "Signed, unpaid": "amber",
  "Payment past due": "red",
  Paid: "green",
  Free: "slate",
};

export type AdminMember = RouterOutputs["admin"]["members"]["list"]["items"][number];

/** SPEC.md 2: 20 members a page, search by email or name, activate/deactivate, reset password, delete. */
export function MembersTab() {
  const search = usePagedSearch();
  const limit = ADMIN_PAGE_SIZES.members;
  const list = trpc.admin.members.list.useQuery({ q: search.q || undefined, offset: search.offset, limit });
  const csvHref = `/api/admin/members/export.csv${search.q ? `?q=${encodeURIComponent(search.q)}` : ""}`;

  return (
    <Card
      title="Members"
      actions={
        <a href={csvHref} download className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          Export CSV
        </a>
      }
    >
      <PagedList what="members" list={list} search={search} limit={limit}>
        {(items, emptyText) => <MemberTable members={items} emptyText={emptyText} />}
      </PagedList>
    </Card>
  );
}

export function MemberTable({ members, emptyText, contractors = false }: { members: AdminMember[]; emptyText: string; contractors?: boolean }) {
  const actions = useMemberActions();
  const head = contractors
    ? ["Name", "Email", "License status", "Skills", "Level", "Status", "Actions"]
    : ["Name", "Email", "Phone", "Level", "Status", "Joined", "Actions"];
  return (
    <Table caption={contractors ? "Contractors" : "Members"} head={head}>
      {members.length === 0 && <EmptyRow columns={head.length}>{emptyText}</EmptyRow>}
      {members.map((m) => (
        <tr key={m.id}>
          <Cell className="font-medium">
            {m.full_name}
            {m.is_test_data && (
              <span className="ml-2">
                <Badge tone="amber">Test</Badge>
              </span>
            )}
          </Cell>
          <Cell className="break-all">{m.email}</Cell>
          {contractors ? (
            <>
              <Cell>{m.license_status}</Cell>
              <Cell>{[...m.specialty_skills, ...(m.other_specialty ? [m.other_specialty] : [])].join(", ") || "—"}</Cell>
            </>
          ) : (
            <Cell className="whitespace-nowrap">{m.phone}</Cell>
          )}
          <Cell>{m.membership_level}</Cell>
          <Cell>
            <span className="flex flex-wrap gap-1">
              <Badge tone={m.is_active ? "green" : "red"}>{m.is_active ? "Active" : "Inactive"}</Badge>
              <Badge tone={SUBSCRIPTION_TONE[m.subscription_state] ?? (m.subscription_state.startsWith("Cancels on") ? "amber" : "slate")}>
                {m.subscription_state}
              </Badge>
            </span>
          </Cell>
          {!contractors && <Cell className="whitespace-nowrap">{when(m.created_at, false)}</Cell>}
          <Cell>
            <div className="flex flex-wrap gap-2">
              {m.subscription_state === "Signed, unpaid" && (
                <Button
                  className="px-3 py-1.5 text-sm"
                  disabled={actions.busy}
                  aria-label={`Send payment link to ${m.full_name}`}
                  onClick={() => void actions.sendPaymentLink(m)}
                >
                  Send Payment Link
                </Button>
              )}
              <Button
                variant={m.is_active ? "secondary" : "primary"}
                className="px-3 py-1.5 text-sm"
                disabled={actions.busy}
                aria-label={`${m.is_active ? "Deactivate" : "Activate"} ${m.full_name}`}
                onClick={() => void actions.toggleActive(m)}
              >
                {m.is_active ? "Deactivate" : "Activate"}
              </Button>
              <Button
                variant="secondary"
                className="px-3 py-1.5 text-sm"
                disabled={actions.busy}
                aria-label={`Reset password of ${m.full_name}`}
                onClick={() => void actions.resetPassword(m)}
              >
                Reset Password
              </Button>
              <Button
                variant="danger"
                className="px-3 py-1.5 text-sm"
                disabled={actions.busy}
                aria-label={`Delete ${m.full_name}`}
                onClick={() => void actions.deleteMember(m)}
              >
                Delete
              </Button>
            </div>
          </Cell>
        </tr>
      ))}
    </Table>
  );
}
