import { Link } from "react-router-dom";
import { priceLabel } from "@shared/membership.ts";
import { chicagoDate } from "@shared/time.ts";
import { buttonClass } from "../../components/Button.tsx";
import { useSiteConfig } from "../../lib/site-config.ts";
import { SignedAgreementDownload } from "../contracts/SignedAgreementDownload.tsx";
import type { MemberInfo } from "./types.ts";

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  awaiting_payment: "Awaiting Payment",
  past_due: "Payment Past Due",
  cancelled: "Cancelled",
};

export function levelLabel(level: MemberInfo["membership_level"]): string {
  return level === "Basic" ? "Basic (FREE)" : `${level} (${priceLabel(level)})`;
}

/** SPEC.md 2, tab 4: the membership as the server knows it, support contacts and the privacy note. */
export function AccountTab({ member }: { member: MemberInfo }) {
  const config = useSiteConfig();
  const rows: [string, string][] = [
    ["Membership level", levelLabel(member.membership_level)],
    ["Member since", chicagoDate(new Date(member.member_since))],
    ["Application ID", member.application_id ?? "N/A"],
    ["Status", STATUS_LABELS[member.status] ?? member.status],
    ["Email", member.email],
  ];
  if (member.username) rows.push(["Username", member.username]);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="membership-details" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h3 id="membership-details" className="text-lg font-semibold text-slate-900">
          Membership Details
        </h3>
        <dl className="mt-4 divide-y divide-slate-100">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-2 py-2.5">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="break-all text-sm font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <h4 className="mt-6 text-sm font-semibold text-slate-900">Your signed agreement</h4>
        <SignedAgreementDownload className="mt-2" />
      </section>
      <div className="space-y-6">
        <section aria-labelledby="password-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 id="password-heading" className="text-lg font-semibold text-slate-900">
            Sign-in and Password
          </h3>
          <p className="mt-2 text-sm text-slate-600">
            {member.has_password
              ? "You can sign in on any device with your email and password, or with a link we email you."
              : "You sign in with a link we email you. Set a password to sign in with your email and password as well."}
          </p>
          <Link to="/account/password" className={buttonClass("secondary", "mt-4 text-sm")}>
            {member.has_password ? "Change Password" : "Set a Password"}
          </Link>
        </section>
        <section aria-labelledby="support-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 id="support-heading" className="text-lg font-semibold text-slate-900">
            Contact and Support
          </h3>
          {config ? (
            <ul className="mt-3 space-y-1 text-sm text-slate-700">
              <li>
                Email:{" "}
                <a className="font-medium text-brand-700 hover:underline" href={`mailto:${config.supportEmail}`}>
                  {config.supportEmail}
                </a>
              </li>
              <li>
                Phone:{" "}
                <a className="font-medium text-brand-700 hover:underline" href={`tel:${config.supportPhone.replace(/[^\d+]/g, "")}`}>
                  {config.supportPhone}
                </a>
              </li>
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-500">Loading contacts...</p>
          )}
        </section>
        <section aria-labelledby="privacy-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-6">
          <h3 id="privacy-heading" className="text-base font-semibold text-slate-900">
            Your Privacy
          </h3>
          <p className="mt-2 text-sm text-slate-600">
            Your details are used only to run your membership. Other members see your first name, last initial and skills only if
            you choose to be listed in the skills network, and your email only when you write to them. The full Member Privacy
            Notice is in Documents &amp; Forms.
          </p>
        </section>
      </div>
    </div>
  );
}
