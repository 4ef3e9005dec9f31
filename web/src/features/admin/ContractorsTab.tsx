import { ADMIN_PAGE_SIZES } from "@shared/admin.ts";
import { trpc } from "../../trpc.ts";
import { MemberTable } from "./MembersTab.tsx";
import { Card, PagedList, usePagedSearch } from "./ui.tsx";

/** Members whose management status is Contractor, with license status and skills. */
export function ContractorsTab() {
  const search = usePagedSearch();
  const limit = ADMIN_PAGE_SIZES.contractors;
  const list = trpc.admin.members.contractors.useQuery({ q: search.q || undefined, offset: search.offset, limit });
  return (
    <Card title="Contractors">
      <PagedList what="contractors" list={list} search={search} limit={limit}>
        {(items, emptyText) => <MemberTable contractors members={items} emptyText={emptyText} />}
      </PagedList>
    </Card>
  );
}
