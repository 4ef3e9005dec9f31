import { ADMIN_PAGE_SIZES } from "@shared/admin.ts";
import { trpc } from "../../trpc.ts";
import { Badge, Card, Cell, EmptyRow, PagedList, Table, usePagedSearch, when } from "./ui.tsx";

const STATUS_TONE = { pending: "amber", contracts_sent: "blue", awaiting_payment: "amber", active: "green" } as const;
/** What each state means to the admin: "Signed, unpaid" is a signed paid level whose first payment is not made. */
const STATUS_LABEL = { pending: "Pending signature", contracts_sent: "Contract sent", awaiting_payment: "Signed, unpaid", active: "Active" } as const;

/** SPEC.md 3 "Application (admin view)", 20 a page, searchable. */
export function ApplicationsTab() {
  const search = usePagedSearch();
  const limit = ADMIN_PAGE_SIZES.applications;
  const list = trpc.admin.applications.list.useQuery({ q: search.q || undefined, offset: search.offset, limit });
  const head = ["Applicant", "Email", "Level", "Management", "Status", "User account", "Applied"];
  return (
    <Card title="Applications">
      <PagedList what="applications" list={list} search={search} limit={limit}>
        {(items, emptyText) => (
          <Table caption="Applications" head={head}>
            {items.length === 0 && <EmptyRow columns={head.length}>{emptyText}</EmptyRow>}
            {items.map((a) => (
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
                  <Badge tone={STATUS_TONE[a.status]}>{STATUS_LABEL[a.status]}</Badge>
                </Cell>
                <Cell>{a.has_user_account ? "Yes" : "No"}</Cell>
                <Cell className="whitespace-nowrap">{when(a.created_at)}</Cell>
              </tr>
            ))}
          </Table>
        )}
      </PagedList>
    </Card>
  );
}
