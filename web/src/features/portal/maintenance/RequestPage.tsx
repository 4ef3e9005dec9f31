import { useId, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { MAINTENANCE_STATUS_LABELS, type MaintenanceStatus } from "@shared/portal.ts";
import type { SpecialtySkill } from "@shared/membership.ts";
import { Button, buttonClass } from "../../../components/Button.tsx";
import { FilePreview } from "../../../components/FilePreview.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { useAlert } from "../../../components/alert.tsx";
import { uploadFile } from "../../../lib/upload.ts";
import { trpc } from "../../../trpc.ts";
import { day, Failed, FormError, money, Section, Working } from "../owner/ui.tsx";
import { PortalDialog } from "../owner/dialog.tsx";
import { CommentForm, PhotoForm, PriorityBadge, RequestStatusBadge, Timeline } from "./shared.tsx";
import { usePortalApi } from "../portal-api.ts";

const MOVE_LABELS: Record<MaintenanceStatus, string> = {
  submitted: "Submitted",
  acknowledged: "Acknowledge",
  in_progress: "Start work",
  on_hold: "Put on hold",
  completed: "Mark completed",
  closed: "Close",
  declined: "Decline",
  cancelled: "Cancel request",
};

/** /portal/maintenance/:id: the request, its timeline, the moves the table allows, comments, photos, a contractor. */
export default function RequestPage({ canWrite }: { canWrite: boolean }) {
  const api = usePortalApi();
  const { id = "" } = useParams();
  const utils = trpc.useUtils();
  const request = trpc.member.owner.maintenance.get.useQuery({ id });
  const [move, setMove] = useState<MaintenanceStatus | null>(null);
  const refresh = async () => {
    await utils.member.owner.maintenance.invalidate();
    await utils.member.owner.dashboard.invalidate();
  };
  const comment = trpc.member.owner.maintenance.comment.useMutation({ onSuccess: refresh });
  const alert = useAlert();
  const deletePhoto = trpc.member.owner.maintenance.deletePhoto.useMutation({ onSuccess: refresh });
  const askToDelete = async (file: { id: string; name: string }) => {
    const sure = await alert({
      title: `Delete ${file.name}?`,
      message: "The file is deleted for everyone. The timeline keeps that it was there and that you deleted it.",
      confirmLabel: "Delete File",
      cancelLabel: "Cancel",
      destructive: true,
    });
    if (sure) deletePhoto.mutate({ id, fileId: file.id });
  };

  if (request.isPending) return <Working label="Loading the request..." />;
  if (request.isError) return <Failed error={request.error} what="this request" />;
  const r = request.data;

  return (
    <div className="space-y-6">
      <Section
        title={r.title}
        actions={
          <div className="flex gap-2">
            <PriorityBadge priority={r.priority} />
            <RequestStatusBadge status={r.status} />
          </div>
        }
      >
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Fact label="Where" value={r.place} />
          <Fact label="Category" value={r.category_label} />
          <Fact label="From" value={r.submitted_by === "tenant" ? "The tenant" : "You"} />
          <Fact label="Permission to enter" value={r.permission_to_enter ? "Yes" : "No: arrange a time"} />
          {r.assigned_to && <Fact label="Contractor" value={r.assigned_to} />}
        </dl>
        <p className="mt-3 whitespace-pre-line text-slate-800">{r.description}</p>
        {canWrite && (
          <div className="mt-4 flex flex-wrap gap-2" aria-label="Move the request">
            {r.allowed_moves.length === 0 ? (
              <p className="text-sm text-slate-600">This request is finished: it cannot move any more.</p>
            ) : (
              r.allowed_moves.map((to) => (
                <Button key={to} variant={to === "declined" || to === "cancelled" ? "ghost" : "secondary"} className="text-sm" onClick={() => setMove(to)}>
                  {r.status === "completed" && to === "in_progress" ? "Reopen" : MOVE_LABELS[to]}
                </Button>
              ))
            )}
          </div>
        )}
      </Section>

      <Section title="What it cost" actions={canWrite && <Link to="/portal/expenses" className={buttonClass("secondary", "text-sm")}>Record an Expense</Link>}>
        {r.expenses.length === 0 ? (
          <p className="text-sm text-slate-600">No expense is linked to this request. Record one under Expenses and choose this request.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Expenses of this request">
            {r.expenses.map((e) => (
              <li key={e.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  {day(e.date)} · {e.payee} · {e.category_label}
                  {e.receipt && (
                    <>
                      {" · "}
                      <FilePreview file={e.receipt} href={`${api}/files/${e.receipt.id}`} label={`Receipt of ${e.payee}`} size={48} linkClassName="text-brand-700 hover:underline">
                        Receipt<span className="sr-only"> of {e.payee}</span>
                      </FilePreview>
                    </>
                  )}
                </span>
                <span className="tabular-nums">{money(e.amount_cents)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {canWrite && r.matching_skill && <AssignContractor requestId={r.id} skill={r.matching_skill as SpecialtySkill} onDone={refresh} />}

      <Section title="Timeline">
        <Timeline events={r.timeline} filePath={(fileId) => `${api}/files/${fileId}`} onDeleteFile={canWrite ? (file) => void askToDelete(file) : undefined} />
        <FormError error={deletePhoto.error} fallback="The file was not deleted." />
        {canWrite && (
          <div className="mt-5 grid gap-6 md:grid-cols-2">
            <CommentForm pending={comment.isPending} error={comment.error} onSend={(body) => comment.mutateAsync({ id: r.id, body })} />
            <PhotoForm
              onUpload={async (file) => {
                await uploadFile(`/api/portal/maintenance/${r.id}/photos`, file);
                await refresh();
              }}
            />
          </div>
        )}
      </Section>

      {move && <MoveDialog requestId={r.id} to={move} onClose={() => setMove(null)} onDone={refresh} />}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function MoveDialog({ requestId, to, onClose, onDone }: { requestId: string; to: MaintenanceStatus; onClose: () => void; onDone: () => Promise<void> }) {
  const id = useId();
  const [note, setNote] = useState("");
  const moveRequest = trpc.member.owner.maintenance.move.useMutation({
    onSuccess: async () => {
      await onDone();
      onClose();
    },
  });
  return (
    <PortalDialog open onOpenChange={(open) => !open && onClose()} title={`Move to ${MAINTENANCE_STATUS_LABELS[to].toLowerCase()}`} description="The tenants of the unit are emailed with your note.">
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          moveRequest.mutate({ id: requestId, to, note });
        }}
      >
        <Field id={id} label="Note" hint="For example when the plumber comes, or why it waits">
          <textarea id={id} rows={3} className={inputClass} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <FormError error={moveRequest.error} fallback="The request did not move." />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={moveRequest.isPending}>
            {moveRequest.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </PortalDialog>
  );
}

/**
 * The contractor directory's verified contractors of the trade this request needs who serve the
 * property's ZIP code; the chosen one is emailed the job.
 */
function AssignContractor({ requestId, skill, onDone }: { requestId: string; skill: SpecialtySkill; onDone: () => Promise<void> }) {
  const id = useId();
  const offer = trpc.member.owner.maintenance.contractors.useQuery({ id: requestId });
  const [contractorId, setContractorId] = useState("");
  const assign = trpc.member.owner.maintenance.assign.useMutation({ onSuccess: onDone });
  const directory = `/contractors?trade=${encodeURIComponent(skill)}`;
  return (
    <Section title="Assign a contractor from the directory">
      {offer.isPending ? (
        <Working label="Looking in the contractor directory..." />
      ) : offer.isError ? (
        <Failed error={offer.error} what="the contractor directory" />
      ) : offer.data.contractors.length === 0 ? (
        <p className="text-sm text-slate-600">
          No verified {skill} contractor of the directory serves {offer.data.zip} yet
          {offer.data.elsewhere > 0 ? ` (${offer.data.elsewhere} serve${offer.data.elsewhere === 1 ? "s" : ""} other ZIP codes)` : ""}.{" "}
          <a href={directory} className="text-brand-700 underline">
            Search the directory
          </a>
        </p>
      ) : (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (contractorId) assign.mutate({ id: requestId, contractor_id: contractorId });
          }}
        >
          <div className="min-w-56 flex-1">
            <Field id={id} label={`Verified ${skill} contractors serving ${offer.data.zip}`}>
              <select id={id} className={inputClass} value={contractorId} onChange={(e) => setContractorId(e.target.value)}>
                <option value="">Choose a contractor</option>
                {offer.data.contractors.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.business_name}
                    {c.rating_average !== null ? ` (${c.rating_average} of 5, ${c.review_count} review${c.review_count === 1 ? "" : "s"})` : ""}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Button type="submit" variant="secondary" disabled={!contractorId || assign.isPending}>
            {assign.isPending ? "Sending..." : "Assign and email the job"}
          </Button>
          {assign.isSuccess && (
            <p role="status" className="w-full text-sm text-green-800">
              The job was emailed. They will answer you by email.
            </p>
          )}
          <div className="w-full">
            <FormError error={assign.error} fallback="The job was not sent." />
          </div>
        </form>
      )}
    </Section>
  );
}
