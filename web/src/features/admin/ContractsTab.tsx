import * as Dialog from "@radix-ui/react-dialog";
import { TRPCClientError } from "@trpc/client";
import { useState } from "react";
import { ADMIN_PAGE_SIZES, ADMIN_TEXT, CONTRACT_PREVIEW_CHARS } from "@shared/admin.ts";
import { Button, buttonClass } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { Badge, Card, Cell, EmptyRow, LoadFailed, Loading, Pager, SearchForm, Table, notify, useSessionLossGuard, when } from "./ui.tsx";

/** SPEC.md 2: contracts 20 a page; view (first 1000 characters, the signed PDF) and resend email. */
export function ContractsTab() {
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  const [viewing, setViewing] = useState<string | null>(null);
  const limit = ADMIN_PAGE_SIZES.contracts;
  const utils = trpc.useUtils();
  const list = trpc.admin.contracts.list.useQuery({ q: q || undefined, offset, limit });
  useSessionLossGuard(list.error);
  const resend = trpc.admin.contracts.resendEmail.useMutation({
    onSuccess: async (result) => {
      await utils.admin.contracts.invalidate();
      await utils.admin.records.invalidate();
      notify.success(ADMIN_TEXT.actionDone, result.detail);
    },
    onError: (error) => notify.error(ADMIN_TEXT.actionFailed, errorMessage(error)),
  });
  const head = ["Member", "Email", "Level", "Signed", "Version", "Email sent", "Actions"];

  return (
    <Card title="Contracts">
      <div className="mb-4">
        <SearchForm
          label="Search contracts"
          placeholder="Signer's name or email"
          onSearch={(value) => {
            setQ(value);
            setOffset(0);
          }}
        />
      </div>
      {list.isPending ? (
        <Loading label="Loading contracts..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} fallback="Failed to load contracts." onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Table caption="Contracts" head={head}>
            {list.data.items.length === 0 && <EmptyRow columns={head.length}>{q ? `No contracts match "${q}".` : "No signed contracts yet."}</EmptyRow>}
            {list.data.items.map((c) => (
              <tr key={c.id}>
                <Cell className="font-medium">{c.member_name}</Cell>
                <Cell className="break-all">{c.member_email}</Cell>
                <Cell>{c.membership_level}</Cell>
                <Cell className="whitespace-nowrap">{when(c.signed_at)}</Cell>
                <Cell>{c.contract_version}</Cell>
                <Cell>
                  <Badge tone={c.email_sent ? "green" : "slate"}>{c.email_sent ? "Sent" : "Not sent"}</Badge>
                </Cell>
                <Cell>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" className="px-3 py-1.5 text-sm" aria-label={`View contract of ${c.member_name}`} onClick={() => setViewing(c.id)}>
                      View
                    </Button>
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5 text-sm"
                      disabled={resend.isPending}
                      aria-label={`Resend contract email to ${c.member_name}`}
                      onClick={() => resend.mutate({ id: c.id })}
                    >
                      Resend Email
                    </Button>
                  </div>
                </Cell>
              </tr>
            ))}
          </Table>
          <Pager what="contracts" offset={offset} limit={limit} total={list.data.total} shown={list.data.items.length} onOffset={setOffset} />
        </>
      )}
      <ContractDialog id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}

function ContractDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const contract = trpc.admin.contracts.get.useQuery({ id: id ?? "" }, { enabled: id !== null, retry: false });
  return (
    <Dialog.Root open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-40 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-semibold text-slate-900">Contract details</Dialog.Title>
          <Dialog.Description className="sr-only">The signed membership agreement and its signature record.</Dialog.Description>
          <div className="mt-4 min-h-0 flex-1 overflow-y-auto">
            {contract.isPending ? (
              <Loading label="Loading contract..." />
            ) : contract.isError ? (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
                {contract.error instanceof TRPCClientError && contract.error.data ? ADMIN_TEXT.contractFailed : ADMIN_TEXT.contractError}
              </p>
            ) : (
              <>
                <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  <dt className="text-slate-500">Member</dt>
                  <dd className="font-medium">{contract.data.member_name}</dd>
                  <dt className="text-slate-500">Email</dt>
                  <dd className="break-all">{contract.data.member_email}</dd>
                  <dt className="text-slate-500">Membership level</dt>
                  <dd>{contract.data.membership_level}</dd>
                  <dt className="text-slate-500">Signed</dt>
                  <dd>
                    {when(contract.data.signed_at)} by “{contract.data.signature_name}”
                  </dd>
                  <dt className="text-slate-500">Version</dt>
                  <dd>{contract.data.contract_version}</dd>
                  <dt className="text-slate-500">SHA-256 of the text</dt>
                  <dd className="break-all font-mono text-xs">{contract.data.text_sha256}</dd>
                </dl>
                <h3 className="mt-5 text-sm font-semibold text-slate-700">Contract text</h3>
                <pre aria-label="Contract text" className="mt-2 whitespace-pre-wrap rounded-lg bg-slate-50 p-4 font-sans text-sm text-slate-800">
                  {contract.data.contract_text.slice(0, CONTRACT_PREVIEW_CHARS)}
                  {contract.data.contract_text.length > CONTRACT_PREVIEW_CHARS && "…"}
                </pre>
                {contract.data.contract_text.length > CONTRACT_PREVIEW_CHARS && (
                  <p className="mt-2 text-sm text-slate-600">
                    Showing the first {CONTRACT_PREVIEW_CHARS.toLocaleString("en-US")} of {contract.data.contract_text.length.toLocaleString("en-US")} characters.
                    The signed PDF holds the whole agreement and its audit page.
                  </p>
                )}
              </>
            )}
          </div>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            {contract.data && (
              <a href={contract.data.pdf_url} download className={buttonClass("primary")}>
                Download signed PDF
              </a>
            )}
            <Dialog.Close className={buttonClass("secondary")}>Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
