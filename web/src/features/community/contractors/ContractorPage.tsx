import { useState, type FormEvent } from "react";
import { useParams } from "react-router-dom";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { CommunityLayout, Loading, QueryProblem } from "../CommunityLayout.tsx";
import { cardClass, chicago, Notice } from "../ui.tsx";

type Contractor = RouterOutputs["member"]["contractors"]["get"];

/** /contractors/{id}: the listing, a job request (introduction) and reviews. */
export default function ContractorPage() {
  const { id = "" } = useParams();
  const contractor = trpc.member.contractors.get.useQuery({ id }, { retry: false });
  if (contractor.isPending) return <CommunityLayout title="Contractor"><Loading /></CommunityLayout>;
  if (contractor.isError) return <CommunityLayout title="Contractor"><QueryProblem error={contractor.error} what="contractor" /></CommunityLayout>;
  const c = contractor.data;
  return (
    <CommunityLayout title={c.business_name} intro={<span className="flex flex-wrap items-center gap-2">{c.verified ? <span className="rounded-full bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-800">Verified</span> : <span className="rounded-full bg-slate-200 px-2 py-0.5 text-sm">Not verified</span>}<span>{c.trades.join(", ")}</span></span>}>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <section className={cardClass} aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-lg font-semibold">About</h2>
            {c.description && <p className="mt-2 whitespace-pre-line text-slate-700">{c.description}</p>}
            <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
              <div><dt className="font-medium text-slate-500">Counties</dt><dd>{c.counties.join(", ") || "—"}</dd></div>
              <div><dt className="font-medium text-slate-500">ZIP codes</dt><dd>{c.zips.join(", ") || "—"}</dd></div>
              <div><dt className="font-medium text-slate-500">Phone</dt><dd>{c.phone || "—"}</dd></div>
              <div><dt className="font-medium text-slate-500">Email</dt><dd className="break-all">{c.email || "—"}</dd></div>
            </dl>
            {c.credentials.length > 0 && (
              <>
                <h3 className="mt-4 font-semibold">Licences and insurance</h3>
                <ul className="mt-1 text-sm text-slate-700">
                  {c.credentials.map((k) => <li key={k.id}>{k.kind}: {k.issuer} {k.number}{k.expires_on ? `, valid through ${k.expires_on}` : ""}</li>)}
                </ul>
              </>
            )}
          </section>
          <Reviews contractor={c} onChanged={() => void contractor.refetch()} />
        </div>
        {!c.is_mine && <JobRequest contractor={c} />}
      </div>
    </CommunityLayout>
  );
}

function JobRequest({ contractor }: { contractor: Contractor }) {
  const [message, setMessage] = useState("");
  const [over, setOver] = useState(false);
  const send = trpc.member.contractors.introduce.useMutation();
  return (
    <form className={`${cardClass} space-y-3 self-start`} aria-labelledby="job-heading" onSubmit={(e: FormEvent) => { e.preventDefault(); send.mutate({ id: contractor.id, message, estimated_over_1000: over }); }}>
      <h2 id="job-heading" className="text-lg font-semibold">Request a quote</h2>
      <p className="rounded bg-amber-50 p-2 text-sm text-amber-900">{contractor.home_repair_act_note}</p>
      <Field id="job-message" label="Describe the job">
        <textarea id="job-message" rows={4} className={inputClass} value={message} onChange={(e) => setMessage(e.target.value)} required minLength={10} maxLength={2000} />
      </Field>
      <label className="flex items-center gap-2 text-sm"><input type="checkbox" checked={over} onChange={(e) => setOver(e.target.checked)} /> The job may cost more than $1,000</label>
      {send.isSuccess && <Notice kind="ok">{send.data.message}</Notice>}
      {send.isError && <Notice kind="error">{errorMessage(send.error)}</Notice>}
      <Button type="submit" disabled={send.isPending || send.isSuccess}>Send request</Button>
    </form>
  );
}

function Reviews({ contractor, onChanged }: { contractor: Contractor; onChanged: () => void }) {
  const mine = contractor.reviews.find((r) => r.mine);
  const [rating, setRating] = useState(mine?.rating ?? 5);
  const [body, setBody] = useState(mine?.body ?? "");
  const review = trpc.member.contractors.review.useMutation({ onSuccess: onChanged });
  const reply = trpc.member.contractors.reply.useMutation({ onSuccess: onChanged });
  return (
    <section className={cardClass} aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="text-lg font-semibold">Reviews {contractor.rating_average !== null && <span className="text-base font-normal text-slate-600">· {contractor.rating_average} of 5 from {contractor.review_count}</span>}</h2>
      <ul className="mt-3 space-y-3">
        {contractor.reviews.map((r) => (
          <li key={r.id} className="rounded-lg border border-slate-200 p-3">
            <p className="text-sm font-semibold">{r.author} · <span aria-label={`${r.rating} of 5 stars`}>{"★".repeat(r.rating)}{"☆".repeat(5 - r.rating)}</span> <span className="font-normal text-slate-500">{chicago.date(r.updated_at)}</span></p>
            <p className="mt-1 text-slate-700">{r.body}</p>
            {r.reply && <p className="mt-2 border-l-4 border-slate-300 pl-2 text-sm text-slate-600"><span className="font-semibold">Answer from {contractor.business_name}:</span> {r.reply}</p>}
            {contractor.is_mine && !r.reply && <ReplyBox onSend={(text) => reply.mutate({ id: r.id, reply: text })} />}
          </li>
        ))}
        {contractor.reviews.length === 0 && <li className="text-slate-600">No reviews yet.</li>}
      </ul>
      {!contractor.is_mine && (
        <form className="mt-4 space-y-3 border-t border-slate-200 pt-4" onSubmit={(e: FormEvent) => { e.preventDefault(); review.mutate({ id: contractor.id, rating, body }); }}>
          <h3 className="font-semibold">{mine ? "Edit your review" : "Write a review"}</h3>
          <Field id="review-rating" label="Rating">
            <select id="review-rating" className={inputClass} value={rating} onChange={(e) => setRating(Number(e.target.value))}>
              {[5, 4, 3, 2, 1].map((n) => <option key={n} value={n}>{n} of 5</option>)}
            </select>
          </Field>
          <Field id="review-body" label="Your review">
            <textarea id="review-body" rows={3} className={inputClass} value={body} onChange={(e) => setBody(e.target.value)} required minLength={10} maxLength={4000} />
          </Field>
          {review.isError && <Notice kind="error">{errorMessage(review.error)}</Notice>}
          {review.isSuccess && <Notice kind="ok">Your review is saved.</Notice>}
          <Button type="submit" disabled={review.isPending}>{mine ? "Save review" : "Post review"}</Button>
        </form>
      )}
      {reply.isError && <Notice kind="error">{errorMessage(reply.error)}</Notice>}
    </section>
  );
}

function ReplyBox({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState("");
  return (
    <form className="mt-2 flex flex-col gap-2 sm:flex-row" onSubmit={(e) => { e.preventDefault(); onSend(text); }}>
      <label className="sr-only" htmlFor="review-reply">Your answer</label>
      <input id="review-reply" className={`${inputClass} mt-0`} value={text} onChange={(e) => setText(e.target.value)} required minLength={2} placeholder="Answer once, publicly" />
      <Button type="submit" variant="secondary" className="text-sm">Answer</Button>
    </form>
  );
}
