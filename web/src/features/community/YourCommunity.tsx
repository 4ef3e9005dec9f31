import { Link } from "react-router-dom";

const PLACES = [
  { to: "/community", label: "Member forum", text: "Ask and answer with Illinois landlords." },
  { to: "/updates", label: "Legal updates", text: "The RLTO, Cook County, evictions, taxes." },
  { to: "/webinars", label: "Monthly webinars", text: "Register, join live, watch recordings." },
  { to: "/contractors", label: "Contractor directory", text: "Verified contractors; list yours for free." },
] as const;

/** The community every member has (COMMUNITY.md), as a card of the member area. */
export function YourCommunity() {
  return (
    <section aria-labelledby="community-heading" className="mb-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="community-heading" className="text-lg font-semibold text-slate-900">Your community</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {PLACES.map((item) => (
          <li key={item.to} className="rounded-lg border border-slate-200 p-3">
            <Link to={item.to} className="font-semibold text-brand-800 underline">
              {item.label}
            </Link>
            <p className="mt-1 text-sm text-slate-600">{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
