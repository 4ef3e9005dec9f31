import { Link } from "react-router-dom";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { CommunityLayout, Loading, QueryProblem } from "../CommunityLayout.tsx";
import { cardClass, chicago } from "../ui.tsx";

type Webinar = RouterOutputs["public"]["webinars"]["list"][number];

function WebinarCard({ w }: { w: Webinar }) {
  return (
    <li className={cardClass}>
      <h3 className="text-lg font-semibold"><Link className="text-brand-800 underline" to={`/webinars/${w.id}`}>{w.title}</Link></h3>
      <p className="mt-1 text-sm text-slate-600"><time dateTime={w.starts_at}>{chicago.long(w.starts_at)}</time></p>
      <p className="mt-1 flex flex-wrap gap-2 text-xs text-slate-500">
        <span className="rounded bg-slate-100 px-1.5 text-slate-700">{w.audience === "paid" ? "Standard & Premium" : "All members"}</span>
        {!w.past && <span>{w.seats_left > 0 ? `${w.seats_left} of ${w.capacity} seats left` : `Full · ${w.waitlist_count} waiting`}</span>}
        {w.registration && <span className="rounded bg-green-100 px-1.5 font-semibold text-green-800">{w.registration.status === "waitlisted" ? `Waitlist #${w.registration.position}` : "Registered"}</span>}
        {w.recording_url && <span className="rounded bg-brand-50 px-1.5 text-brand-800">Recording</span>}
      </p>
    </li>
  );
}

/** /webinars: upcoming sessions and the library of past ones. */
export default function WebinarsPage() {
  const upcoming = trpc.public.webinars.list.useQuery({ when: "upcoming" });
  const past = trpc.public.webinars.list.useQuery({ when: "past" });
  return (
    <CommunityLayout title="Monthly webinars" intro="Live sessions on Illinois landlord law and practice, free for members. Times are Chicago time.">
      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading" className="text-xl font-semibold text-slate-900">Upcoming</h2>
        {upcoming.isPending ? <Loading /> : upcoming.isError ? <QueryProblem error={upcoming.error} what="webinars" /> : upcoming.data.length === 0 ? <p className="mt-3 text-slate-600">The next webinars are being planned.</p> : (
          <ul className="mt-3 grid gap-4 md:grid-cols-2">{upcoming.data.map((w) => <WebinarCard key={w.id} w={w} />)}</ul>
        )}
      </section>
      <section aria-labelledby="past-heading" className="mt-10">
        <h2 id="past-heading" className="text-xl font-semibold text-slate-900">Past webinars and recordings</h2>
        {past.data && past.data.length === 0 && <p className="mt-3 text-slate-600">Recordings appear here after each webinar.</p>}
        {past.data && past.data.length > 0 && <ul className="mt-3 grid gap-4 md:grid-cols-2">{past.data.map((w) => <WebinarCard key={w.id} w={w} />)}</ul>}
      </section>
    </CommunityLayout>
  );
}
