import { useId, useState, type FormEvent } from "react";
import { chicagoDateTime } from "@shared/time.ts";
import { Button } from "../../components/Button.tsx";
import { ResultPageLayout } from "../../components/ResultPageLayout.tsx";
import { detailMessage, errorMessage } from "../../lib/errors.ts";
import { trpc, type RouterOutputs } from "../../trpc.ts";

type Verification = RouterOutputs["public"]["contracts"]["verify"];

const toHex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * The file's SHA-256, computed in the browser so the document itself never leaves the device.
 * Where the browser offers no Web Crypto (a page not served over HTTPS), the file is sent to the
 * server, which answers the same verification.
 */
async function verifyFile(file: File, verifyHash: (sha256: string) => Promise<Verification>): Promise<Verification> {
  if (globalThis.crypto?.subtle) return verifyHash(toHex(await crypto.subtle.digest("SHA-256", await file.arrayBuffer())));
  const form = new FormData();
  form.append("file", file);
  const response = await fetch("/api/contracts/verify", { method: "POST", body: form, credentials: "same-origin" });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(detailMessage(body?.detail, `HTTP error! status: ${response.status}`));
  return body as Verification;
}

/** /verify: does a signed agreement or lease PDF (or its SHA-256) match one on record? */
export default function VerifyPage() {
  const fileId = useId();
  const hashId = useId();
  const hashHintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [hash, setHash] = useState("");
  const [result, setResult] = useState<Verification | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const verify = trpc.public.contracts.verify.useMutation();

  const run = async (work: () => Promise<Verification>) => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await work());
    } catch (caught) {
      setError(errorMessage(caught, "The document could not be checked. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  const onFile = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError("Choose the signed agreement PDF to check.");
    void run(() => verifyFile(file, (sha256) => verify.mutateAsync({ sha256 })));
  };

  const onHash = (event: FormEvent) => {
    event.preventDefault();
    const sha256 = hash.trim();
    if (!/^[0-9a-fA-F]{64}$/.test(sha256)) return setError("A SHA-256 is 64 hexadecimal characters.");
    void run(() => verify.mutateAsync({ sha256 }));
  };

  return (
    <ResultPageLayout title="Verify a Signed Agreement">
      <p className="text-center text-slate-600">
        Check that a membership agreement PDF is exactly the document the association issued when it was signed.
      </p>

      <form onSubmit={onFile} className="mt-8 rounded-xl border border-slate-200 p-5" aria-label="Verify a PDF">
        <label htmlFor={fileId} className="block font-semibold text-slate-800">
          Signed agreement (PDF)
        </label>
        <input
          id={fileId}
          type="file"
          accept="application/pdf,.pdf"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="mt-2 block w-full text-sm text-slate-700 file:mr-4 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
        />
        <Button type="submit" className="mt-4" disabled={busy}>
          {busy ? "Checking..." : "Verify Document"}
        </Button>
      </form>

      <form onSubmit={onHash} className="mt-4 rounded-xl border border-slate-200 p-5" aria-label="Verify a fingerprint">
        <label htmlFor={hashId} className="block font-semibold text-slate-800">
          Or the PDF's SHA-256
        </label>
        <p id={hashHintId} className="text-sm text-slate-500">
          64 hexadecimal characters, for example from <code>sha256sum agreement.pdf</code>.
        </p>
        <input
          id={hashId}
          value={hash}
          onChange={(event) => setHash(event.target.value)}
          aria-describedby={hashHintId}
          spellCheck={false}
          autoComplete="off"
          className="mt-2 block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
        />
        <Button type="submit" variant="secondary" className="mt-4" disabled={busy}>
          Verify Fingerprint
        </Button>
      </form>

      <div className="mt-6" aria-live="polite">
        {error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
            {error}
          </p>
        )}
        {result?.match && result.contract && (
          <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-5 text-green-900">
            <h2 className="text-lg font-bold">Verified</h2>
            <p className="mt-1">{result.detail}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-semibold">Member</dt>
              <dd>{result.contract.member_name}</dd>
              <dt className="font-semibold">Membership level</dt>
              <dd>{result.contract.membership_level}</dd>
              <dt className="font-semibold">Agreement version</dt>
              <dd>{result.contract.agreement_version}</dd>
              <dt className="font-semibold">Signed</dt>
              <dd>{chicagoDateTime(new Date(result.contract.signed_at))}</dd>
              <dt className="font-semibold">SHA-256</dt>
              <dd className="break-all font-mono text-xs">{result.sha256}</dd>
            </dl>
          </div>
        )}
        {result?.match && result.lease && (
          <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-5 text-green-900">
            <h2 className="text-lg font-bold">Verified</h2>
            <p className="mt-1">{result.detail}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-semibold">Lease</dt>
              <dd>{result.lease.title}</dd>
              <dt className="font-semibold">Tenants</dt>
              <dd>{result.lease.tenant_names.join(", ")}</dd>
              <dt className="font-semibold">Landlord</dt>
              <dd>{result.lease.landlord_name}</dd>
              {result.lease.countersigned_at && (
                <>
                  <dt className="font-semibold">Countersigned</dt>
                  <dd>{chicagoDateTime(new Date(result.lease.countersigned_at))}</dd>
                </>
              )}
              <dt className="font-semibold">SHA-256</dt>
              <dd className="break-all font-mono text-xs">{result.sha256}</dd>
            </dl>
          </div>
        )}
        {result && !result.match && (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
            <h2 className="text-lg font-bold">Not verified</h2>
            <p className="mt-1">{result.detail}</p>
            <p className="mt-2 break-all font-mono text-xs">SHA-256: {result.sha256}</p>
          </div>
        )}
      </div>
    </ResultPageLayout>
  );
}
