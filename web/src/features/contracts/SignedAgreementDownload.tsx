import { buttonClass } from "../../components/Button.tsx";
import { trpc } from "../../trpc.ts";

const dateFormat = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", dateStyle: "long" });

/**
 * The signed-in member's signed agreement(s) as PDF downloads, for the member portal. The file
 * comes from the server (`/api/contracts/{id}/pdf`), which checks that it is the member's own.
 */
export function SignedAgreementDownload({ className = "" }: { className?: string }) {
  const list = trpc.member.contracts.list.useQuery(undefined, { retry: false });
  if (list.isPending) return <p className={`text-sm text-slate-500 ${className}`}>Loading your signed agreement...</p>;
  if (list.isError) return <p className={`text-sm text-red-700 ${className}`}>Your signed agreement could not be loaded.</p>;
  if (list.data.length === 0) return null;
  return (
    <ul className={`space-y-2 ${className}`} aria-label="Signed agreements">
      {list.data.map((contract) => (
        <li key={contract.contract_id} className="flex flex-wrap items-center gap-3">
          <a href={contract.pdf_url} download className={buttonClass("secondary", "text-sm")}>
            Download Signed Agreement (PDF)
          </a>
          <span className="text-sm text-slate-600">
            {contract.membership_level} membership, signed {dateFormat.format(new Date(contract.signed_at))}
          </span>
        </li>
      ))}
    </ul>
  );
}
