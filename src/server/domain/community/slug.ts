// Slugs of legal updates (COMMUNITY.md 2): made from the title when the admin gives none.

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 80;

/** "Chicago's RLTO: 2027 Interest Rate!" -> "chicagos-rlto-2027-interest-rate" */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, "");
  return slug || "update";
}

/** The slug to try after `attempt` taken ones: "slug", "slug-2", "slug-3", ... within the length limit. */
export function slugCandidate(slug: string, attempt: number): string {
  if (attempt <= 1) return slug;
  const suffix = `-${attempt}`;
  return `${slug.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/g, "")}${suffix}`;
}
