import * as Dialog from "@radix-ui/react-dialog";
import * as Tabs from "@radix-ui/react-tabs";
import { useState } from "react";
import { ADMIN_PAGE_SIZES, ADMIN_TEXT, countOf, DATA_FILTER_LABELS, DATA_FILTERS, TEST_EMAIL_MARKERS, TEST_NAME_MARKERS, type DataFilter } from "@shared/admin.ts";
import { useAlert } from "../../components/alert.tsx";
import { Button, buttonClass } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { exportBackup } from "./export-backup.ts";
import { useMemberActions } from "./useMemberActions.tsx";
import { Badge, Cell, EmptyRow, LoadFailed, Loading, Pager, Table, notify, when } from "./ui.tsx";

type Member = RouterOutputs["admin"]["members"]["list"]["items"][number];
type Application = RouterOutputs["admin"]["applications"]["list"]["items"][number];

/** SPEC.md 2 "Enhanced Database Admin modal": overview, members, applications, data cleanup. */
export function EnhancedDatabaseAdmin() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClass("accent", "text-sm")}>Enhanced Database Admin</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-40 flex h-[90vh] w-[calc(100%-2rem)] max-w-6xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-semibold text-slate-900">Enhanced Database Admin</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">Search, filter, back up and clean the association's data.</Dialog.Description>
            </div>
            <Dialog.Close className={buttonClass("secondary", "text-sm")}>Close</Dialog.Close>
          </div>
          {open && <DatabaseAdminBody />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DatabaseAdminBody() {
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState("");
  const [q, setQ] = useState("");
  const [filter, setFilter] = useState<DataFilter>("all");
  const [exporting, setExporting] = useState(false);

  const refresh = async () => {
    await Promise.all([utils.admin.data.invalidate(), utils.admin.members.invalidate(), utils.admin.applications.invalidate()]);
  };
  const runExport = async () => {
    setExporting(true);
    try {
      await exportBackup();
      notify.success(ADMIN_TEXT.exportDone);
      void utils.admin.records.invalidate();
    } catch (error) {
      notify.error(ADMIN_TEXT.exportFailed(error instanceof Error ? error.message : "Export failed"));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <div className="mt-4 flex flex-wrap items-end gap-3 border-b border-slate-200 pb-4">
        <form
          role="search"
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setQ(draft.trim());
          }}
        >
          <div className="flex flex-col">
            <label htmlFor="dba-search" className="text-sm font-medium text-slate-700">
              Search by email or name
            </label>
            <input
              id="dba-search"
              type="search"
              maxLength={200}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              className="mt-1 w-64 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none"
            />
          </div>
          <Button type="submit" variant="secondary" className="py-2 text-sm">
            Search
          </Button>
        </form>
        <div className="flex flex-col">
          <label htmlFor="dba-filter" className="text-sm font-medium text-slate-700">
            Filter
          </label>
          <select
            id="dba-filter"
            value={filter}
            onChange={(e) => setFilter(e.target.value as DataFilter)}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {DATA_FILTERS.map((f) => (
              <option key={f} value={f}>
                {DATA_FILTER_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" className="py-2 text-sm" onClick={() => void refresh()}>
          Refresh
        </Button>
        <div className="flex max-w-md flex-col gap-1">
          <Button className="py-2 text-sm" disabled={exporting} onClick={() => void runExport()} aria-describedby="dba-export-note">
            {exporting ? "Exporting..." : "Export Backup"}
          </Button>
          <p id="dba-export-note" className="text-xs text-slate-600">
            {ADMIN_TEXT.exportNote}
          </p>
        </div>
      </div>
      <Tabs.Root defaultValue="overview" className="mt-4 flex min-h-0 flex-1 flex-col">
        <Tabs.List aria-label="Database sections" className="flex flex-wrap gap-1 border-b border-slate-200">
          {[
            ["overview", "Overview"],
            ["members", "Members"],
            ["applications", "Applications"],
            ["cleanup", "Data Cleanup"],
          ].map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value!}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-brand-700 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="min-h-0 flex-1 overflow-y-auto pt-4">
          <Tabs.Content value="overview">
            <Overview q={q} filter={filter} />
          </Tabs.Content>
          <Tabs.Content value="members">
            <MembersPanel q={q} filter={filter} />
          </Tabs.Content>
          <Tabs.Content value="applications">
            <ApplicationsPanel q={q} filter={filter} />
          </Tabs.Content>
          <Tabs.Content value="cleanup">
            <CleanupPanel />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </>
  );
}

function Overview({ q, filter }: { q: string; filter: DataFilter }) {
  const overview = trpc.admin.data.overview.useQuery({ q: q || undefined, filter });
  if (overview.isPending) return <Loading label="Loading overview..." />;
  if (overview.isError) return <LoadFailed error={overview.error} fallback="Failed to load the overview." onRetry={() => void overview.refetch()} />;
  const d = overview.data;
  const show = (real: number, test: number) => (filter === "real" ? real : filter === "test" ? test : real + test);
  return (
    <div>
      <p className="mb-3 text-sm text-slate-600">
        {DATA_FILTER_LABELS[filter]}
        {q && ` matching "${q}"`}
      </p>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
        <Figure label="Members" value={show(d.real_members, d.test_members)} />
        <Figure label="Real members" value={d.real_members} />
        <Figure label="Test members" value={d.test_members} />
        <Figure label="Applications" value={show(d.real_applications, d.test_applications)} />
        <Figure label="Real applications" value={d.real_applications} />
        <Figure label="Test applications" value={d.test_applications} />
      </dl>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-800">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
    </svg>
  );
}

const iconButton = "rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-brand-800 disabled:text-slate-300";

function MembersPanel({ q, filter }: { q: string; filter: DataFilter }) {
  const [offset, setOffset] = useState(0);
  const [viewing, setViewing] = useState<Member | null>(null);
  const limit = ADMIN_PAGE_SIZES.search;
  const list = trpc.admin.members.list.useQuery({ q: q || undefined, filter, offset, limit });
  const actions = useMemberActions();
  if (viewing) return <Details title={viewing.full_name} fields={memberFields(viewing)} onBack={() => setViewing(null)} />;
  if (list.isPending) return <Loading label="Loading members..." />;
  if (list.isError) return <LoadFailed error={list.error} fallback="Failed to load members." onRetry={() => void list.refetch()} />;
  const head = ["Name", "Email", "Level", "Data", "Joined", "Actions"];
  return (
    <>
      <Table caption="Members in the database" head={head}>
        {list.data.items.length === 0 && <EmptyRow columns={head.length}>No members match.</EmptyRow>}
        {list.data.items.map((m) => (
          <tr key={m.id}>
            <Cell className="font-medium">{m.full_name}</Cell>
            <Cell className="break-all">{m.email}</Cell>
            <Cell>{m.membership_level}</Cell>
            <Cell>{m.is_test_data ? <Badge tone="amber">Test</Badge> : <Badge tone="green">Real</Badge>}</Cell>
            <Cell className="whitespace-nowrap">{when(m.created_at, false)}</Cell>
            <Cell>
              <div className="flex gap-1">
                <button type="button" className={iconButton} aria-label={`View ${m.full_name}`} title="View" onClick={() => setViewing(m)}>
                  <EyeIcon />
                </button>
                <button
                  type="button"
                  className={`${iconButton} hover:text-red-700`}
                  aria-label={`Delete ${m.full_name}`}
                  title="Delete"
                  disabled={actions.busy}
                  onClick={() => void actions.deleteMember(m)}
                >
                  <TrashIcon />
                </button>
              </div>
            </Cell>
          </tr>
        ))}
      </Table>
      <Pager what="members" offset={offset} limit={limit} total={list.data.total} shown={list.data.items.length} onOffset={setOffset} />
    </>
  );
}

function ApplicationsPanel({ q, filter }: { q: string; filter: DataFilter }) {
  const [offset, setOffset] = useState(0);
  const [viewing, setViewing] = useState<Application | null>(null);
  const limit = ADMIN_PAGE_SIZES.search;
  const list = trpc.admin.applications.list.useQuery({ q: q || undefined, filter, offset, limit });
  if (viewing) return <Details title={`Application of ${viewing.full_name}`} fields={applicationFields(viewing)} onBack={() => setViewing(null)} />;
  if (list.isPending) return <Loading label="Loading applications..." />;
  if (list.isError) return <LoadFailed error={list.error} fallback="Failed to load applications." onRetry={() => void list.refetch()} />;
  const head = ["Applicant", "Email", "Level", "Status", "Data", "Applied", "Actions"];
  return (
    <>
      <Table caption="Applications in the database" head={head}>
        {list.data.items.length === 0 && <EmptyRow columns={head.length}>No applications match.</EmptyRow>}
        {list.data.items.map((a) => (
          <tr key={a.id}>
            <Cell className="font-medium">{a.full_name}</Cell>
            <Cell className="break-all">{a.email}</Cell>
            <Cell>{a.membership_level}</Cell>
            <Cell>{a.status.replace("_", " ")}</Cell>
            <Cell>{a.is_test_data ? <Badge tone="amber">Test</Badge> : <Badge tone="green">Real</Badge>}</Cell>
            <Cell className="whitespace-nowrap">{when(a.created_at, false)}</Cell>
            <Cell>
              <button type="button" className={iconButton} aria-label={`View application of ${a.full_name}`} title="View" onClick={() => setViewing(a)}>
                <EyeIcon />
              </button>
            </Cell>
          </tr>
        ))}
      </Table>
      <Pager what="applications" offset={offset} limit={limit} total={list.data.total} shown={list.data.items.length} onOffset={setOffset} />
    </>
  );
}

const memberFields = (m: Member): [string, string][] => [
  ["Email", m.email],
  ["Phone", m.phone],
  ["Membership level", m.membership_level],
  ["Status", `${m.status}${m.is_active ? "" : " (inactive)"}`],
  ["Management status", m.property_management_status],
  ["License status", m.license_status],
  ["Specialty skills", m.specialty_skills.join(", ") || "—"],
  ["Other specialty", m.other_specialty || "—"],
  ["Portal username", m.username ?? "—"],
  ["Password set", m.has_password ? (m.must_change_password ? "Temporary (must change)" : "Yes") : "No"],
  ["Joined", when(m.created_at)],
  ["Data", m.is_test_data ? "Test" : "Real"],
];

const applicationFields = (a: Application): [string, string][] => [
  ["Email", a.email],
  ["Phone", a.phone],
  ["Membership level", a.membership_level],
  ["Status", a.status],
  ["Management status", a.property_management_status],
  ["License status", a.license_status],
  ["Specialty skills", a.specialty_skills.join(", ") || "—"],
  ["Message", a.message || "—"],
  ["User account", a.has_user_account ? "Yes" : "No"],
  ["Applied", when(a.created_at)],
  ["Signed", when(a.signed_at)],
  ["Data", a.is_test_data ? "Test" : "Real"],
];

function Details({ title, fields, onBack }: { title: string; fields: [string, string][]; onBack: () => void }) {
  return (
    <section aria-label={title}>
      <div className="mb-3 flex items-center justify-between">
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
        <Button variant="secondary" className="py-1.5 text-sm" onClick={onBack}>
          Back to list
        </Button>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-xl bg-slate-50 p-5 text-sm sm:grid-cols-[auto_1fr]">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-all font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function CleanupPanel() {
  const utils = trpc.useUtils();
  const ask = useAlert();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const overview = trpc.admin.data.overview.useQuery({ filter: "all" });
  const cleanup = trpc.admin.data.cleanupTestData.useMutation({
    onSuccess: async (data) => {
      const text = ADMIN_TEXT.cleanupDone(data.deleted_members, data.deleted_applications);
      setResult({ ok: true, text });
      notify.success(text);
      await Promise.all([utils.admin.data.invalidate(), utils.admin.members.invalidate(), utils.admin.applications.invalidate(), utils.admin.dashboard.invalidate()]);
    },
    onError: (error) => {
      const text = ADMIN_TEXT.cleanupFailed(errorMessage(error, "Cleanup failed"));
      setResult({ ok: false, text });
      notify.error(text);
    },
  });
  const testMembers = overview.data?.test_members ?? 0;
  const testApplications = overview.data?.test_applications ?? 0;
  const disabled = overview.isPending || cleanup.isPending || testMembers === 0;

  return (
    <div className="max-w-2xl space-y-4">
      <p className="text-sm text-slate-700">
        Test data is any member or application whose email contains {TEST_EMAIL_MARKERS.join(", ")}, or whose name contains{" "}
        {TEST_NAME_MARKERS.join(", ")} (any capitalisation). Cleaning deletes test members the way a member is deleted: their personal data is
        removed, while signed contracts and payment records are kept. A test member whose paid subscription is still running is left alone.
      </p>
      {overview.isError ? (
        <LoadFailed error={overview.error} fallback="Failed to load the test data counts." onRetry={() => void overview.refetch()} />
      ) : (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {overview.isPending ? "Counting test data..." : `${countOf(testMembers, "test member")} and ${countOf(testApplications, "test application")} found.`}
        </p>
      )}
      <Button
        variant="danger"
        disabled={disabled}
        onClick={async () => {
          const go = await ask({
            title: "Clean test data?",
            message: `Remove ${countOf(testMembers, "test member")} and ${countOf(testApplications, "test application")}? This cannot be undone.`,
            confirmLabel: "Clean Test Data",
            cancelLabel: "Cancel",
            destructive: true,
          });
          if (go) cleanup.mutate();
        }}
      >
        {cleanup.isPending ? "Cleaning..." : "Clean Test Data"}
      </Button>
      {result && (
        <p role={result.ok ? "status" : "alert"} className={`rounded-lg p-3 text-sm ${result.ok ? "bg-green-50 text-green-800" : "bg-red-50 text-red-800"}`}>
          {result.text}
        </p>
      )}
    </div>
  );
}
