import { useState } from "react";
import { ADMIN_PAGE_SIZES } from "@shared/admin.ts";
import { trpc } from "../../trpc.ts";
import { MemberTable } from "./MembersTab.tsx";
import { Card, LoadFailed, Loading, Pager, SearchForm, useSessionLossGuard } from "./ui.tsx";

/** Members whose management status is Contractor, with license status and skills. */
export function ContractorsTab() {
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  const limit = ADMIN_PAGE_SIZES.contractors;
  const list = trpc.admin.members.contractors.useQuery({ q: q || undefined, offset, limit });
  useSessionLossGuard(list.error);
  return (
    <Card title="Contractors">
      <div className="mb-4">
        <SearchForm
          label="Search contractors"
          placeholder="Email, first or last name"
          onSearch={(value) => {
            setQ(value);
            setOffset(0);
          }}
        />
      </div>
      {list.isPending ? (
        <Loading label="Loading contractors..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} fallback="Failed to load contractors." onRetry={() => void list.refetch()} />
      ) : (
        <>
          <MemberTable contractors members={list.data.items} emptyText={q ? `No contractors match "${q}".` : "No contractors yet."} />
          <Pager what="contractors" offset={offset} limit={limit} total={list.data.total} shown={list.data.items.length} onOffset={setOffset} />
        </>
      )}
    </Card>
  );
}
