import * as Tabs from "@radix-ui/react-tabs";
import { useState } from "react";
import { Button } from "../../components/Button.tsx";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { ApplicationsTab } from "./ApplicationsTab.tsx";
import { AuditLogTab } from "./AuditLogTab.tsx";
import { ContractorsTab } from "./ContractorsTab.tsx";
import { ContractsTab } from "./ContractsTab.tsx";
import { DashboardTab } from "./DashboardTab.tsx";
import { MembersTab } from "./MembersTab.tsx";
import { OutboxTab } from "./OutboxTab.tsx";
import { PaymentsTab } from "./PaymentsTab.tsx";
import { ServicesTab } from "./ServicesTab.tsx";
import { notify } from "./ui.tsx";
import { CommunityTab } from "./community/CommunityTab.tsx";
import { EvictionsTab, ServiceJobsTab } from "./EvictionsTab.tsx";

type Admin = RouterOutputs["admin"]["me"];

const TABS = [
  { value: "dashboard", label: "Dashboard", Panel: DashboardTab },
  { value: "members", label: "Members", Panel: MembersTab },
  { value: "contractors", label: "Contractors", Panel: ContractorsTab },
  { value: "applications", label: "Applications", Panel: ApplicationsTab },
  { value: "contracts", label: "Contracts", Panel: ContractsTab },
  { value: "payments", label: "Payments", Panel: PaymentsTab },
  { value: "services", label: "Services", Panel: ServicesTab },
  { value: "audit", label: "Audit Log", Panel: AuditLogTab },
  { value: "outbox", label: "Email Outbox", Panel: OutboxTab },
  { value: "community", label: "Community", Panel: CommunityTab },
  { value: "evictions", label: "Evictions", Panel: EvictionsTab },
  { value: "service-jobs", label: "Service Jobs", Panel: ServiceJobsTab },
] as const;

/** SPEC.md 2 "Admin dashboard": welcome and Logout, then the tabs. */
export function AdminDashboard({ admin }: { admin: Admin }) {
  const utils = trpc.useUtils();
  // A link may name the tab (`/admin?tab=services` in the staff's support emails).
  const [tab, setTab] = useState<string>(() => {
    const asked = new URLSearchParams(window.location.search).get("tab");
    return TABS.some((t) => t.value === asked) ? asked! : "dashboard";
  });
  const logout = trpc.public.adminAuth.logout.useMutation({
    onSuccess: async () => {
      utils.admin.me.setData(undefined, undefined);
      await utils.admin.invalidate();
      await utils.public.site.whoami.invalidate();
    },
    onError: () => notify.error("Logout failed. Please try again."),
  });

  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <h1 className="text-xl font-bold text-slate-900">Association Admin</h1>
            <p className="text-sm text-slate-600">Welcome, {admin.full_name}</p>
          </div>
          <Button variant="secondary" className="text-sm" disabled={logout.isPending} onClick={() => logout.mutate()}>
            Logout
          </Button>
        </div>
      </header>
      <Tabs.Root value={tab} onValueChange={setTab} className="mx-auto max-w-7xl px-4 py-6">
        <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-1 border-b border-slate-200">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="-mb-px rounded-t-lg border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-brand-700 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Panel }) => (
          <Tabs.Content key={value} value={value} className="pt-6 focus:outline-none">
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
