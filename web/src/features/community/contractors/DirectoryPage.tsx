import { Link, useSearchParams } from "react-router-dom";
import { FORUM_PAGE_SIZE, HOME_REPAIR_ACT_NOTE, ILLINOIS_COUNTIES } from "@shared/community.ts";
import { SPECIALTY_SKILLS } from "@shared/membership.ts";
import { Button, buttonClass } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import { CommunityLayout, Loading, QueryProblem } from "../CommunityLayout.tsx";
import { cardClass, PageLinks } from "../ui.tsx";

/** /contractors: members find verified contractors by trade, county, ZIP and text. */
export default function DirectoryPage() {
  const [params, setParams] = useSearchParams();
  const trade = params.get("trade") || undefined;
  const county = params.get("county") || undefined;
  const zip = params.get("zip") || undefined;
  const q = params.get("q") || undefined;
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const results = trpc.member.contractors.search.useQuery({ trade: trade as (typeof SPECIALTY_SKILLS)[number] | undefined, county, zip, q, page }, { retry: false });
  return (
    <CommunityLayout
      title="Contractor directory"
      intro="Contractors checked by the association: licences and insurance verified, reviewed by members."
      actions={<Link to="/contractors/me" className={buttonClass("secondary")}>List your business for free</Link>}
    >
      <form
        role="search"
        aria-label="Find a contractor"
        className={`${cardClass} grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end`}
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const next: Record<string, string> = {};
          for (const key of ["trade", "county", "zip", "q"]) {
            const value = String(data.get(key) ?? "").trim();
            if (value) next[key] = value;
          }
          setParams(next);
        }}
      >
        <Field id="dir-trade" label="Trade">
          <select id="dir-trade" name="trade" className={inputClass} defaultValue={trade ?? ""}>
            <option value="">Any trade</option>
            {SPECIALTY_SKILLS.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </Field>
        <Field id="dir-county" label="County">
          <input id="dir-county" name="county" list="dir-counties" className={inputClass} defaultValue={county} />
          <datalist id="dir-counties">{ILLINOIS_COUNTIES.map((c) => <option key={c} value={c} />)}</datalist>
        </Field>
        <Field id="dir-zip" label="ZIP code">
          <input id="dir-zip" name="zip" inputMode="numeric" pattern="\d{5}" maxLength={5} className={inputClass} defaultValue={zip} />
        </Field>
        <Field id="dir-q" label="Name or keyword">
          <input id="dir-q" name="q" className={inputClass} defaultValue={q} />
        </Field>
        <Button type="submit">Search</Button>
      </form>
      <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{HOME_REPAIR_ACT_NOTE}</p>
      <div className="mt-6">
        {results.isPending ? (
          <Loading />
        ) : results.isError ? (
          <QueryProblem error={results.error} what="contractor directory" onRetry={() => void results.refetch()} />
        ) : results.data.contractors.length === 0 ? (
          <p className={cardClass}>No contractors match. Try another trade, county or ZIP code.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Contractors">
            {results.data.contractors.map((c) => (
              <li key={c.id} className={cardClass}>
                <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                  <Link className="text-brand-800 underline" to={`/contractors/${c.id}`}>{c.business_name}</Link>
                  {c.verified && <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Verified</span>}
                </h2>
                <p className="mt-1 text-sm text-slate-600">{c.trades.join(", ")}</p>
                <p className="mt-1 text-xs text-slate-500">
                  {c.counties.length > 0 && <>{c.counties.join(", ")} {c.counties.length === 1 ? "County" : "counties"} · </>}
                  {c.rating_average !== null ? `${c.rating_average} of 5 (${c.review_count} ${c.review_count === 1 ? "review" : "reviews"})` : "No reviews yet"}
                </p>
              </li>
            ))}
          </ul>
        )}
        {results.data && <PageLinks label="Contractor" page={page} pageSize={FORUM_PAGE_SIZE} total={results.data.total} onPage={(p) => setParams({ ...Object.fromEntries(params), page: String(p) })} />}
      </div>
    </CommunityLayout>
  );
}
