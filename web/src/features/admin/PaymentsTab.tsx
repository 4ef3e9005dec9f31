import { useState } from "react";
import { ADMIN_PAGE_SIZES, SESSION_ID_PREVIEW_CHARS } from "@shared/admin.ts";
import { formatAmount } from "@shared/membership.ts";
import { useSiteConfig } from "../../lib/site-config.ts";
import { trpc } from "../../trpc.ts";
import { TestClockPanel } from "../billing/TestClockPanel.tsx";
import { Badge, Card, Cell, EmptyRow, LoadFailed, Loading, Pager, SearchForm, Table, useSessionLossGuard, when } from "./ui.tsx";

const STATUS_TONE: Record<string, "green" | "amber" | "red" | "slate"> = {
  completed: "green",
  initiated: "amber",
  failed: "red",
  abandoned: "slate",
  expired: "slate",
  refunded: "slate",
};

/** SPEC.md 2: 50 payments a page, the session id cut to 20 characters; the test clock in test mode. */
export function PaymentsTab() {
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  const limit = ADMIN_PAGE_SIZES.payments;
  const config = useSiteConfig();
  const list = trpc.admin.payments.list.useQuery({ q: q || undefined, offset, limit });
  useSessionLossGuard(list.error);
  const head = ["Member", "Email", "Level", "Billing", "Amount", "Status", "Session", "Date"];
  return (
    <div className="space-y-6">
      {config?.paymentProvider === "test" && <TestClockPanel />}
      <Card title="Payments">
        <div className="mb-4">
          <SearchForm
            label="Search payments"
            placeholder="Member email, first or last name"
            onSearch={(value) => {
              setQ(value);
              setOffset(0);
            }}
          />
        </div>
        {list.isPending ? (
          <Loading label="Loading payments..." />
        ) : list.isError ? (
          <LoadFailed error={list.error} fallback="Failed to load payments." onRetry={() => void list.refetch()} />
        ) : (
          <>
            <Table caption="Payments" head={head}>
              {list.data.items.length === 0 && <EmptyRow columns={head.length}>{q ? `No payments match "${q}".` : "No payments yet."}</EmptyRow>}
              {list.data.items.map((p) => (
                <tr key={p.id}>
                  <Cell className="font-medium">{p.member_name || "—"}</Cell>
                  <Cell className="break-all">{p.member_email || "—"}</Cell>
                  <Cell>{p.membership_level}</Cell>
                  <Cell>{p.billing_frequency}</Cell>
                  <Cell className="whitespace-nowrap">{formatAmount(p.amount_cents, p.currency)}</Cell>
                  <Cell>
                    <Badge tone={STATUS_TONE[p.display_status] ?? "slate"}>{p.display_status}</Badge>
                  </Cell>
                  <Cell className="font-mono text-xs">
                    {p.session_id ? (
                      <span title={p.session_id}>
                        {p.session_id.slice(0, SESSION_ID_PREVIEW_CHARS)}
                        {p.session_id.length > SESSION_ID_PREVIEW_CHARS && "..."}
                      </span>
                    ) : (
                      "—"
                    )}
                  </Cell>
                  <Cell className="whitespace-nowrap">{when(p.created_at)}</Cell>
                </tr>
              ))}
            </Table>
            <Pager what="payments" offset={offset} limit={limit} total={list.data.total} shown={list.data.items.length} onOffset={setOffset} />
          </>
        )}
      </Card>
      <PurchasesCard />
    </div>
  );
}

const PURCHASE_TONE = { paid: "green", initiated: "amber", processing: "amber", failed: "red", expired: "slate" } as const;

/** Owners' a-la-carte purchases (Schedule E reports for a tax year, bookkeeping months), newest 200. */
function PurchasesCard() {
  const list = trpc.admin.payments.purchases.useQuery();
  useSessionLossGuard(list.error);
  const head = ["Member", "Email", "Item", "Amount", "Status", "Date"];
  return (
    <Card title="A-la-carte purchases">
      {list.isPending ? (
        <Loading label="Loading purchases..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} fallback="Failed to load purchases." onRetry={() => void list.refetch()} />
      ) : (
        <Table caption="A-la-carte purchases" head={head}>
          {list.data.length === 0 && <EmptyRow columns={head.length}>No purchases yet.</EmptyRow>}
          {list.data.map((p) => (
            <tr key={p.id}>
              <Cell className="font-medium">{p.member.name}</Cell>
              <Cell className="break-all">{p.member.email}</Cell>
              <Cell>
                {p.label}
                {p.year ? `, ${p.year}` : p.reference ? `, ${p.reference}` : ""}
              </Cell>
              <Cell className="whitespace-nowrap">{formatAmount(p.amount_cents, p.currency)}</Cell>
              <Cell>
                <Badge tone={PURCHASE_TONE[p.status]}>{p.status}</Badge>
              </Cell>
              <Cell className="whitespace-nowrap">{when(p.created_at)}</Cell>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}
