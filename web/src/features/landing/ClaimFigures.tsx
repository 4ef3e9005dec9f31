import { comparisonClaims } from "@shared/content.ts";

/** The association's headline figures (collection rate, support hours), on a dark card. */
export function ClaimFigures({ className = "" }: { className?: string }) {
  return (
    <dl className={`grid grid-cols-2 gap-4 border-t border-white/20 pt-4 ${className}`}>
      {comparisonClaims.map((claim) => (
        <div key={claim.label}>
          <dt className="text-sm text-brand-100">{claim.label}</dt>
          <dd className="text-2xl font-bold text-accent-500">{claim.value}</dd>
        </div>
      ))}
    </dl>
  );
}
