import { Link, useParams } from "react-router-dom";
import { Button, buttonClass } from "../../../components/Button.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { useWhoami } from "../../../lib/whoami.ts";
import { trpc } from "../../../trpc.ts";
import { CommunityLayout, Loading, QueryProblem } from "../CommunityLayout.tsx";
import { cardClass, chicago, Notice } from "../ui.tsx";

/** /webinars/{id}: register or join the waitlist, the calendar file, the join link, the recording. */
export default function WebinarPage() {
  const { id = "" } = useParams();
  const webinar = trpc.public.webinars.get.useQuery({ id }, { retry: false, refetchInterval: 60_000 });
  const who = useWhoami();
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.public.webinars.get.invalidate({ id }), utils.public.webinars.list.invalidate()]);
  const register = trpc.member.webinars.register.useMutation({ onSuccess: refresh });
  const cancel = trpc.member.webinars.cancel.useMutation({ onSuccess: refresh });
  if (webinar.isPending) return <CommunityLayout title="Webinar"><Loading /></CommunityLayout>;
  if (webinar.isError) return <CommunityLayout title="Webinar"><QueryProblem error={webinar.error} what="webinar" /></CommunityLayout>;
  const w = webinar.data;
  const member = who.data?.member;
  const status = w.registration?.status;
  return (
    <CommunityLayout title={w.title} intro={<time dateTime={w.starts_at}>{chicago.long(w.starts_at)} to {chicago.dateTime(w.ends_at)}</time>}>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section className={cardClass} aria-label="About this webinar">
          <p className="whitespace-pre-line text-slate-800">{w.description || "Details to follow."}</p>
          {w.recording_url && (
            <p className="mt-4"><a className={buttonClass("primary")} href={w.recording_url} rel="noopener noreferrer" target="_blank">Watch the recording</a></p>
          )}
        </section>
        <aside className={`${cardClass} space-y-3`} aria-label="Your place">
          {w.cancelled ? (
            <p className="font-semibold text-red-800">This webinar was cancelled.</p>
          ) : w.past ? (
            <p className="text-slate-700">This webinar is over.{w.recording_url ? "" : " The recording will be listed here."}</p>
          ) : (
            <>
              <p className="text-sm text-slate-600">{w.seats_left > 0 ? `${w.seats_left} of ${w.capacity} seats left` : `Full: ${w.waitlist_count} on the waitlist`}</p>
              {status === "registered" && <Notice kind="ok">You are registered.</Notice>}
              {status === "waitlisted" && <Notice kind="ok">You are number {w.registration?.position} on the waitlist. We email you when a seat frees up.</Notice>}
              {w.join_url ? (
                <a className={buttonClass("accent", "w-full")} href={w.join_url} rel="noopener noreferrer" target="_blank">Join the webinar</a>
              ) : status === "registered" ? (
                <p className="text-sm text-slate-600">The join link shows here from {chicago.dateTime(w.join_opens_at)}.</p>
              ) : null}
              {!member ? (
                <div className="space-y-2">
                  <p className="text-sm text-slate-600">Sign in to register. Basic membership is free.</p>
                  <Link className={buttonClass("primary", "w-full")} to={`/sign-in?next=${encodeURIComponent(`/webinars/${w.id}`)}`}>Member Sign In</Link>
                </div>
              ) : !w.can_register ? (
                <p className="text-sm text-slate-700">This webinar is for Standard and Premium members. <Link className="underline" to="/basic-portal">Upgrade</Link></p>
              ) : status === "registered" || status === "waitlisted" ? (
                <Button variant="secondary" className="w-full" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: w.id })}>
                  {status === "waitlisted" ? "Leave the waitlist" : "Cancel my registration"}
                </Button>
              ) : (
                <Button className="w-full" disabled={register.isPending} onClick={() => register.mutate({ id: w.id })}>
                  {w.seats_left > 0 ? "Register" : "Join the waitlist"}
                </Button>
              )}
              {member && w.can_register && <a className="block text-sm underline" href={`/api/webinars/${w.id}/calendar.ics`} download>Add to my calendar (.ics)</a>}
              {(register.isError || cancel.isError) && <Notice kind="error">{errorMessage(register.error ?? cancel.error)}</Notice>}
            </>
          )}
        </aside>
      </div>
    </CommunityLayout>
  );
}
