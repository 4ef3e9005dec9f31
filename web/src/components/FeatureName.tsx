import { Link } from "react-router-dom";
import { comingSoonFeatures, featureLinks } from "@shared/membership.ts";

/** A membership feature as a benefit list shows it: a link to it where it exists, "coming soon" where it does not yet. */
export function FeatureName({ feature }: { feature: string }) {
  const href = featureLinks[feature];
  return (
    <span>
      {href ? (
        <Link className="text-brand-700 underline" to={href}>
          {feature}
        </Link>
      ) : (
        feature
      )}
      {comingSoonFeatures.has(feature) && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">coming soon</span>}
    </span>
  );
}
