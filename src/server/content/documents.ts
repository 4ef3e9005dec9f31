import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ACCESS_LEVELS } from "../db/schema.ts";

// The document library seeded at start-up (SPEC.md 7's nine documents). The text of each lives
// in ./documents/<slug>.txt so it can be read and edited as a document.

export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export interface CategorySeed {
  id: string;
  name: string;
  description: string;
  accessLevel: AccessLevel;
  sortOrder: number;
}

export interface DocumentSeed {
  slug: string;
  categoryId: string;
  title: string;
  description: string;
  accessLevel: AccessLevel;
  /** Served as a fillable PDF made from its text (the blanks are fields), instead of plain text. */
  fillable?: boolean;
}

export const documentCategorySeeds: CategorySeed[] = [
  {
    id: "legal-documents",
    name: "Legal Documents",
    description: "Illinois landlord and tenant law in plain language, and the association's privacy notice.",
    accessLevel: "basic",
    sortOrder: 1,
  },
  {
    id: "property-forms",
    name: "Property Forms",
    description: "Ready-to-fill forms for leasing: lease, rental application and inspection checklist.",
    accessLevel: "basic",
    sortOrder: 2,
  },
  {
    id: "educational-resources",
    name: "Educational Resources",
    description: "Guides to running rentals well and getting the taxes right.",
    accessLevel: "basic",
    sortOrder: 3,
  },
];

export const documentSeeds: DocumentSeed[] = [
  {
    slug: "privacy-notice",
    categoryId: "legal-documents",
    title: "Member Privacy Notice",
    description: "What the association collects about members, why, who sees it and how long it is kept.",
    accessLevel: "all",
  },
  {
    slug: "illinois-property-owner-rights",
    categoryId: "legal-documents",
    title: "Illinois Property Owner Rights Guide",
    description: "Rent, notices, lawful eviction, entry, screening and deposits under Illinois law.",
    accessLevel: "basic",
  },
  {
    slug: "illinois-tenant-rights",
    categoryId: "legal-documents",
    title: "Illinois Tenant Rights Guide",
    description: "What tenants are entitled to in Illinois and Chicago, and what it means for you.",
    accessLevel: "basic",
  },
  {
    slug: "lease-agreement-template",
    categoryId: "property-forms",
    title: "Residential Lease Agreement Template",
    description: "An Illinois residential lease with every blank and disclosure to fill in.",
    accessLevel: "basic",
    fillable: true,
  },
  {
    slug: "tenant-application-form",
    categoryId: "property-forms",
    title: "Tenant Rental Application Form",
    description: "A fair-housing-compliant rental application with screening authorisation.",
    accessLevel: "basic",
    fillable: true,
  },
  {
    slug: "property-inspection-checklist",
    categoryId: "property-forms",
    title: "Property Inspection Checklist",
    description: "Room-by-room move-in, move-out and routine inspection checklist with safety items.",
    accessLevel: "basic",
    fillable: true,
  },
  {
    slug: "property-management-basics",
    categoryId: "educational-resources",
    title: "Property Management Basics",
    description: "A working routine for the self-managing landlord: rent, screening, leases, maintenance.",
    accessLevel: "basic",
  },
  {
    slug: "tax-implications-guide",
    categoryId: "educational-resources",
    title: "Tax Implications of Rental Property",
    description: "Income, expenses, depreciation, passive losses, estimated taxes and records.",
    accessLevel: "basic",
  },
  {
    slug: "schedule-e-guide",
    categoryId: "educational-resources",
    title: "Schedule E Guide for Rental Properties",
    description: "Line by line through Schedule E with a worked Illinois two-flat example.",
    accessLevel: "basic",
  },
];

export function documentText(slug: string): string {
  return readFileSync(resolve(import.meta.dir, "documents", `${slug}.txt`), "utf8");
}
