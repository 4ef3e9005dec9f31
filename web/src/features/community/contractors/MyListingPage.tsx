import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { CREDENTIAL_KIND_OPTIONS, ILLINOIS_LICENSE_NOTES, type TContractorProfile } from "@shared/community.ts";
import { SPECIALTY_SKILLS } from "@shared/membership.ts";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { ACCEPTED_UPLOADS, uploadFile, uploadProblem } from "../../../lib/upload.ts";
import { trpc } from "../../../trpc.ts";
import { CommunityLayout, Loading, QueryProblem } from "../CommunityLayout.tsx";
import { cardClass, Notice } from "../ui.tsx";

type Credential = TContractorProfile["credentials"][number];
const STATUS_TEXT: Record<string, string> = {
  applied: "Waiting for verification: we check your licences and insurance before your listing shows.",
  verifying: "Being verified. Your listing shows once approved.",
  approved: "Approved: members find you in the directory.",
  rejected: "Not approved. See the email from the association.",
  suspended: "Suspended from the directory.",
};

const list = (text: string) => text.split(/[,\n]/).map((s) => s.trim()).filter(Boolean);

/** /contractors/me: free sign-up and the listing's details. */
export default function MyListingPage() {
  const mine = trpc.member.contractors.mine.useQuery(undefined, { retry: false });
  const save = trpc.member.contractors.saveProfile.useMutation({ onSuccess: () => void mine.refetch() });
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [trades, setTrades] = useState<string[]>([]);
  const [counties, setCounties] = useState("");
  const [zips, setZips] = useState("");
  const [phone, setPhone] = useState("");
  const [email, setEmail] = useState("");
  const [credentials, setCredentials] = useState<Credential[]>([]);
  useEffect(() => {
    const p = mine.data?.profile;
    if (!p) return;
    setName(p.business_name);
    setDescription(p.description);
    setTrades(p.trades);
    setCounties(p.counties.join(", "));
    setZips(p.zips.join(", "));
    setPhone(p.phone);
    setEmail(p.email);
    setCredentials(p.credentials.map((k) => ({ kind: k.kind, issuer: k.issuer, number: k.number, expires_on: k.expires_on })));
  }, [mine.data]);

  if (mine.isPending) return <CommunityLayout title="Your contractor listing"><Loading /></CommunityLayout>;
  if (mine.isError) return <CommunityLayout title="Your contractor listing"><QueryProblem error={mine.error} what="contractor sign-up" /></CommunityLayout>;
  const profile = mine.data.profile;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ business_name: name, description, trades: trades as TContractorProfile["trades"], counties: list(counties), zips: list(zips), phone, email, credentials });
  };
  const setCredential = (i: number, patch: Partial<Credential>) => setCredentials((all) => all.map((k, j) => (j === i ? { ...k, ...patch } : k)));
  return (
    <CommunityLayout title={profile ? "Your contractor listing" : "List your business for free"} intro="Free for every member who is a contractor. Members find verified contractors by trade, county and ZIP code.">
      {profile && (
        <div className={`${cardClass} mb-6`}>
          <p className="font-semibold">Status: {profile.status} {profile.verified && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-sm text-green-800">Verified</span>}</p>
          <p className="text-sm text-slate-600">{STATUS_TEXT[profile.status]}</p>
          {profile.status === "approved" && <Link className="text-sm underline" to={`/contractors/${profile.id}`}>See your public listing</Link>}
        </div>
      )}
      <form onSubmit={submit} className={`${cardClass} max-w-3xl space-y-4`} aria-label="Contractor listing">
        <Field id="c-name" label="Business name"><input id="c-name" className={inputClass} value={name} onChange={(e) => setName(e.target.value)} required minLength={2} /></Field>
        <Field id="c-description" label="What you do"><textarea id="c-description" rows={3} className={inputClass} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} /></Field>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Trades</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {SPECIALTY_SKILLS.map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={trades.includes(s)} onChange={(e) => setTrades((t) => (e.target.checked ? [...t, s] : t.filter((x) => x !== s)))} /> {s}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="c-counties" label="Counties you serve" hint="Separated by commas, e.g. Cook, DuPage"><input id="c-counties" className={inputClass} value={counties} onChange={(e) => setCounties(e.target.value)} aria-describedby="c-counties-hint" /></Field>
          <Field id="c-zips" label="ZIP codes you serve" hint="Separated by commas, e.g. 60614, 60657"><input id="c-zips" className={inputClass} value={zips} onChange={(e) => setZips(e.target.value)} aria-describedby="c-zips-hint" /></Field>
          <Field id="c-phone" label="Business phone"><input id="c-phone" type="tel" className={inputClass} value={phone} onChange={(e) => setPhone(e.target.value)} /></Field>
          <Field id="c-email" label="Business email" hint="Job requests go here (your member email if empty)."><input id="c-email" type="email" className={inputClass} value={email} onChange={(e) => setEmail(e.target.value)} aria-describedby="c-email-hint" /></Field>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">Licences and insurance</legend>
          <ul className="text-xs text-slate-500">{ILLINOIS_LICENSE_NOTES.map((n) => <li key={n.trade}>{n.trade}: {n.note}</li>)}</ul>
          {credentials.map((k, i) => (
            <div key={i} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-5 sm:items-end">
              <Field id={`k-kind-${i}`} label="Kind">
                <select id={`k-kind-${i}`} className={inputClass} value={k.kind} onChange={(e) => setCredential(i, { kind: e.target.value as Credential["kind"] })}>
                  {CREDENTIAL_KIND_OPTIONS.map((o) => <option key={o} value={o}>{o}</option>)}
                </select>
              </Field>
              <Field id={`k-issuer-${i}`} label="Issuer"><input id={`k-issuer-${i}`} className={inputClass} value={k.issuer} onChange={(e) => setCredential(i, { issuer: e.target.value })} required /></Field>
              <Field id={`k-number-${i}`} label="Number"><input id={`k-number-${i}`} className={inputClass} value={k.number} onChange={(e) => setCredential(i, { number: e.target.value })} required /></Field>
              <Field id={`k-expires-${i}`} label="Expires on"><input id={`k-expires-${i}`} type="date" className={inputClass} value={k.expires_on ?? ""} onChange={(e) => setCredential(i, { expires_on: e.target.value || null })} /></Field>
              <Button variant="ghost" className="text-sm text-red-700" onClick={() => setCredentials((all) => all.filter((_, j) => j !== i))}>Remove credential {i + 1}</Button>
            </div>
          ))}
          <Button variant="secondary" className="text-sm" onClick={() => setCredentials((all) => [...all, { kind: "license", issuer: "", number: "", expires_on: null }])}>Add a licence or insurance</Button>
        </fieldset>
        {save.isSuccess && <Notice kind="ok">Your listing is saved.</Notice>}
        {save.isError && <Notice kind="error">{errorMessage(save.error)}</Notice>}
        <Button type="submit" disabled={save.isPending}>{profile ? "Save listing" : "Sign up"}</Button>
      </form>
      {profile && <ListingDocuments documents={profile.documents} onChange={() => void mine.refetch()} />}
    </CommunityLayout>
  );
}

/** Licence and insurance certificates for the association's staff to check (only staff and you see them). */
function ListingDocuments({ documents, onChange }: { documents: { id: string; title: string; file: { name: string } }[]; onChange: () => void }) {
  const [title, setTitle] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const remove = async (id: string) => {
    const res = await fetch(`/api/contractors/me/documents/${id}`, { method: "DELETE", credentials: "same-origin" });
    if (res.ok) onChange();
  };
  return (
    <section aria-labelledby="docs-heading" className={`${cardClass} mt-6 max-w-3xl space-y-3`}>
      <h2 id="docs-heading" className="text-lg font-semibold">Documents for verification</h2>
      <p className="text-sm text-slate-600">Upload your licence and insurance certificates (PDF or a photo, up to 10 MB). Only the association's staff and you see them.</p>
      <ul className="space-y-1 text-sm">
        {documents.length === 0 && <li className="text-slate-500">No documents yet.</li>}
        {documents.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center gap-3">
            <a className="text-brand-700 underline" href={`/api/contractors/me/documents/${d.id}`} download={d.file.name}>{d.title}</a>
            <Button variant="ghost" className="text-sm text-red-700" onClick={() => void remove(d.id)}>Remove {d.title}</Button>
          </li>
        ))}
      </ul>
      <form
        className="grid gap-3 sm:grid-cols-2 sm:items-end"
        onSubmit={async (e) => {
          e.preventDefault();
          const problem = !title.trim() ? "Name the document." : uploadProblem(file);
          if (problem) return setError(problem);
          setPending(true);
          setError(null);
          try {
            await uploadFile("/api/contractors/me/documents", file!, { title: title.trim() });
            setTitle("");
            setFile(null);
            (e.target as HTMLFormElement).reset();
            onChange();
          } catch (err) {
            setError(errorMessage(err, "The document was not uploaded."));
          } finally {
            setPending(false);
          }
        }}
      >
        <Field id="doc-title" label="Document name" hint="For example “Certificate of insurance 2027”">
          <input id="doc-title" className={inputClass} value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} aria-describedby="doc-title-hint" />
        </Field>
        <Field id="doc-file" label="File">
          <input id="doc-file" type="file" accept={ACCEPTED_UPLOADS} className="mt-1 block w-full text-sm" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Field>
        {error && <div className="sm:col-span-2"><Notice kind="error">{error}</Notice></div>}
        <div><Button type="submit" variant="secondary" disabled={pending}>{pending ? "Uploading..." : "Upload document"}</Button></div>
      </form>
    </section>
  );
}
