import { useState } from "react";
import { countOf } from "@shared/admin.ts";
import { Link } from "react-router-dom";
import { Button, buttonClass } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import type { ImportResult } from "../owner/types.ts";
import { day, FormError, money, Section } from "../owner/ui.tsx";

const COLUMNS =
  "Property address, City, State, ZIP, Property type, Unit, Tenant first name, Tenant last name, Tenant email, Tenant phone, Monthly rent, Due day, Lease start, Lease end, Deposit";

/** Rent-roll import: choose a CSV, see every row with its errors, then import it all or nothing. */
export default function ImportPage({ canWrite }: { canWrite: boolean }) {
  const utils = trpc.useUtils();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState("");
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const run = trpc.member.owner.importRentRoll.useMutation({
    onSuccess: async (result) => {
      setPreview(result);
      if (result.confirmed) await utils.member.owner.invalidate();
    },
  });

  if (!canWrite) {
    return (
      <Section title="Import a rent roll">
        <p className="text-slate-600">Importing adds to your books, which are read-only while your membership is Basic.</p>
      </Section>
    );
  }

  return (
    <Section title="Import a rent roll">
      <p className="text-slate-700">
        Export your spreadsheet as CSV with one row per tenant: {COLUMNS}. A unit with no tenant is added vacant; rows of one lease (same
        unit, start and rent) become its tenants. Nothing is written until you confirm, and then everything or nothing.
      </p>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (csv) run.mutate({ csv });
        }}
      >
        <div className="min-w-64 flex-1">
          <Field id="import-file" label="Spreadsheet (CSV)">
            <input
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              className={inputClass}
              onChange={async (e) => {
                const file = e.target.files?.[0];
                setPreview(null);
                run.reset();
                setFileName(file?.name ?? "");
                setCsv(file ? await file.text() : null);
              }}
            />
          </Field>
        </div>
        <Button type="submit" variant="secondary" disabled={!csv || run.isPending}>
          {run.isPending && !preview ? "Checking..." : "Preview Import"}
        </Button>
      </form>
      <div className="mt-4">
        <FormError error={run.error} fallback="The file could not be read." />
      </div>
      {preview && <Preview result={preview} fileName={fileName} busy={run.isPending} onConfirm={() => csv && run.mutate({ csv, confirm: true })} />}
    </Section>
  );
}

function Preview({ result, fileName, busy, onConfirm }: { result: ImportResult; fileName: string; busy: boolean; onConfirm: () => void }) {
  const s = result.summary;
  return (
    <div className="mt-6 space-y-4">
      {result.confirmed ? (
        <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
          <p className="font-semibold">Imported {fileName}.</p>
          <p className="text-sm">
            {countOf(s.new_properties, "new property", "new properties")}, {countOf(s.new_units, "new unit")}, {countOf(s.leases, "lease")} with{" "}
            {countOf(s.tenants, "tenant")}. Each lease's books begin on the file's balance date, or today: what the tenant owed then is its
            opening balance (nothing, without a Balance column), its deposit is held, and rent is posted as it falls due from then on.
          </p>
          <Link to="/portal" className={buttonClass("primary", "mt-3 text-sm")}>
            Go to the dashboard
          </Link>
        </div>
      ) : result.ok ? (
        <div role="status" className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-slate-800">
          <p className="font-semibold">
            Ready to import {s.rows} rows: {s.new_properties} new properties ({s.existing_properties} already yours), {s.new_units} new units, {s.leases} leases with {s.tenants} tenants.
          </p>
          {s.notes > 0 && <p className="mt-1 text-sm">Before you import, read the notes below ({countOf(s.notes, "row")}).</p>}
          <Button className="mt-3" onClick={onConfirm} disabled={busy}>
            {busy ? "Importing..." : `Import ${countOf(s.leases, "Lease")}`}
          </Button>
        </div>
      ) : (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
          {s.errors} of {s.rows} rows need fixing. Nothing was imported: correct the spreadsheet and preview it again.
        </p>
      )}
      <ul className="divide-y divide-slate-100" aria-label="Rows of the spreadsheet">
        {result.rows.map((row) => (
          <li key={row.line} className={`py-2.5 ${row.errors.length ? "text-red-900" : ""}`}>
            <p className="font-medium">
              Line {row.line}: {row.property}, unit {row.unit || "?"} · {row.tenant ?? "vacant"} · {row.action}
            </p>
            {row.rent_cents !== null && row.errors.length === 0 && (
              <p className="text-sm text-slate-600">
                {money(row.rent_cents)}/month from {day(row.start_date)}
                {row.end_date ? ` to ${day(row.end_date)}` : ", month to month"}
              </p>
            )}
            {row.notes.map((note, i) => (
              <p key={i} role="note" className="mt-1 rounded bg-amber-50 px-2 py-1 text-sm text-amber-900">
                {note}
              </p>
            ))}
            {row.errors.length > 0 && (
              <ul className="ml-4 list-disc text-sm">
                {row.errors.map((e, i) => (
                  <li key={i}>{e.msg}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
