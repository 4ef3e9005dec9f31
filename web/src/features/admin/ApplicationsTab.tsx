import { useState } from "react";
import { ADMIN_PAGE_SIZES } from "@shared/admin.ts";
import { trpc } from "../../trpc.ts";
import { Badge, Card, Cell, EmptyRow, LoadFailed, Loading, Pager, SearchForm, Table, useSessionLossGuard, when } from "./ui.tsx";

const STATUS_TONE = { pending: "amber", contracts_sent: "blue", awaiting_payment: "blue", active: "green" } as const;

/** SPEC.md 3 "Application (admin view)", 20 a page, searchable. */
export function ApplicationsTab() {
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  const limit = ADMIN_PAGE_SIZES.applications;
  const list = trpc.admin.applications.list.useQuery({ q: q || undefined, offset, limit });
  useSessionLossGuard(list.error);
  const head = ["Applicant", "Email", "Level", "Management", "Status", "User account", "Applied"];
  return (
    <Card title="Applications">
      <div className="mb-4">
        <SearchForm
          label="Search applications"
          placeholder="Email, first or last name"
          onSearch={(value) => {
            setQ(value);
            setOffset(0);
          }}
        />
      </div>
      {list.isPending ? (
        <Loading label="Loading applications..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} fallback="Failed to load applications." onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Table caption="Applications" head={head}>
            {list.data.items.length === 0 && <EmptyRow columns={head.length}>{q ? `No applications match "${q}".` : "No applications yet."}</EmptyRow>}
            {list.data.items.map((a) => (
              <tr key={a.id}>
                <Cell className="font-medium">
                  {a.full_name}
                  {a.is_test_data && (
                    <span className="ml-2">
                      <Badge tone="amber">Test</Badge>
                    </span>
                  )}
                </Cell>
                <Cell className="break-all">{a.email}</Cell>
                <Cell>{a.membership_level}</Cell>
                <Cell>
                  {a.property_management_status}
                  {a.property_management_status === "Contractor" && <span className="block text-xs text-slate-500">{a.license_status}</span>}
                </Cell>
                <Cell>
                  <Badge tone={STATUS_TONE[a.status]}>{a.status.replace("_", " ")}</Badge>
                </Cell>
                <Cell>{a.has_user_account ? "Yes" : "No"}</Cell>
                <Cell className="whitespace-nowrap">{when(a.created_at)}</Cell>
              </tr>
            ))}
          </Table>
          <Pager what="applications" offset={offset} limit={limit} total={list.data.total} shown={list.data.items.length} onOffset={setOffset} />
        </>
      )}
    </Card>
  );
}
