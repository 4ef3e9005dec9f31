import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { MembershipLevel } from "../../shared/membership.ts";
import { documentCategorySeeds, documentSeeds, documentText, type AccessLevel } from "../content/documents.ts";
import type { DbOrTx } from "../db/client.ts";
import { documentCategories, documents } from "../db/schema.ts";
import { fillableFormPdf } from "../documents/fillable-form.ts";
import { AppError, notFound } from "../errors.ts";
import type { MemberRow } from "./sessions.ts";
import { isUuid } from "./ids.ts";

// The document library (SPEC.md 6): a member sees and downloads the documents their level
// allows. "all" and "basic" are open to every member; "standard" needs Standard or Premium;
// "premium" needs Premium. A paid level counts only once it is active (paid).

const LEVEL_RANK: Record<MembershipLevel, number> = { Basic: 1, Standard: 2, Premium: 3 };
const ACCESS_RANK: Record<AccessLevel, number> = { all: 0, basic: 1, standard: 2, premium: 3 };
const ACCESS_LABEL: Record<AccessLevel, string> = { all: "every", basic: "Basic", standard: "Standard", premium: "Premium" };

/** The level whose documents a member may have: a paid level that is not yet active counts as Basic. */
export function documentLevel(member: MemberRow): MembershipLevel {
  return member.status === "active" ? member.membershipLevel : "Basic";
}

export function accessLevelsFor(level: MembershipLevel): AccessLevel[] {
  return (Object.keys(ACCESS_RANK) as AccessLevel[]).filter((access) => ACCESS_RANK[access] <= LEVEL_RANK[level]);
}

export type NewDocument = {
  slug: string;
  categoryId: string;
  title: string;
  description: string;
  accessLevel: AccessLevel;
  content: string;
  fileType?: string;
  fillable?: boolean;
};

/** Adds a document, or updates the one with the same slug (its id stays). */
export async function saveDocument(db: DbOrTx, input: NewDocument) {
  const values = {
    slug: input.slug,
    categoryId: input.categoryId,
    title: input.title,
    description: input.description,
    accessLevel: input.accessLevel,
    content: input.content,
    fileType: input.fileType ?? (input.fillable ? FILLABLE_PDF : "TXT"),
    fileName: `${input.slug}.${input.fillable ? "pdf" : "txt"}`,
  };
  const [row] = await db
    .insert(documents)
    .values(values)
    .onConflictDoUpdate({
      target: documents.slug,
      set: { ...values, updatedAt: sql`case when ${documents.content} is distinct from excluded.content then now() else ${documents.updatedAt} end` },
    })
    .returning();
  return row!;
}

/** Seeds the categories and the nine library documents; run at every start-up, idempotent. */
const SEEDED_ORDER = `{${documentSeeds.map((d) => d.slug).join(",")}}`;

export async function seedDocuments(db: DbOrTx) {
  for (const category of documentCategorySeeds) {
    await db
      .insert(documentCategories)
      .values(category)
      .onConflictDoUpdate({
        target: documentCategories.id,
        set: { name: category.name, description: category.description, accessLevel: category.accessLevel, sortOrder: category.sortOrder },
      });
  }
  for (const seed of documentSeeds) await saveDocument(db, { ...seed, content: documentText(seed.slug) });
}

/** SPEC.md 3 "Document category", counting only the documents this member may have. */
export async function listDocumentCategories(db: DbOrTx, member: MemberRow) {
  const allowed = accessLevelsFor(documentLevel(member));
  const categories = await db
    .select()
    .from(documentCategories)
    .where(inArray(documentCategories.accessLevel, allowed))
    .orderBy(asc(documentCategories.sortOrder), asc(documentCategories.name));
  const counts = await db
    .select({ categoryId: documents.categoryId, n: count() })
    .from(documents)
    .where(inArray(documents.accessLevel, allowed))
    .groupBy(documents.categoryId);
  const countOf = new Map(counts.map((row) => [row.categoryId, Number(row.n)]));
  return categories.map((category) => ({
    id: category.id,
    name: category.name,
    description: category.description,
    document_count: countOf.get(category.id) ?? 0,
    access_level: category.accessLevel,
  }));
}

/** SPEC.md 3 "Document": what this member may download, optionally in one category (by name or id). */
export async function listDocuments(db: DbOrTx, member: MemberRow, filter: { category?: string } = {}) {
  const allowed = accessLevelsFor(documentLevel(member));
  const rows = await db
    .select({
      id: documents.id,
      title: documents.title,
      description: documents.description,
      category: documentCategories.name,
      category_id: documentCategories.id,
      file_type: documents.fileType,
      file_name: documents.fileName,
      access_level: documents.accessLevel,
      created_at: documents.createdAt,
      size_bytes: sql<number>`octet_length(${documents.content})`,
    })
    .from(documents)
    .innerJoin(documentCategories, eq(documents.categoryId, documentCategories.id))
    .where(
      and(
        inArray(documents.accessLevel, allowed),
        inArray(documentCategories.accessLevel, allowed),
        filter.category
          ? sql`(${documentCategories.name} = ${filter.category} or ${documentCategories.id} = ${filter.category})`
          : undefined,
      ),
    )
    // The library's own documents in the order the library lists them (not by the time they were
    // seeded, which can tie to the microsecond), then any added later, oldest first.
    .orderBy(
      asc(documentCategories.sortOrder),
      sql`array_position(${SEEDED_ORDER}::text[], ${documents.slug}) nulls last`,
      asc(documents.createdAt),
      asc(documents.title),
    );
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString(), size_bytes: Number(row.size_bytes) }));
}
export type DocumentListItem = Awaited<ReturnType<typeof listDocuments>>[number];


/** The file type of the forms served as fillable PDFs. */
export const FILLABLE_PDF = "PDF (fillable)";

/** Fillable PDFs made from their text, kept while the text is the same (they change only with it). */
const fillablePdfs = new Map<string, { content: string; bytes: Promise<Uint8Array> }>();
function fillablePdfOf(document: { slug: string; title: string; content: string }): Promise<Uint8Array> {
  const cached = fillablePdfs.get(document.slug);
  if (cached?.content === document.content) return cached.bytes;
  const bytes = fillableFormPdf(document.slug, document.title, document.content);
  fillablePdfs.set(document.slug, { content: document.content, bytes });
  bytes.catch(() => fillablePdfs.delete(document.slug));
  return bytes;
}

/** The file of one document, for a member whose level allows it. */
export async function openDocumentForDownload(db: DbOrTx, member: MemberRow, id: string) {
  if (!isUuid(id)) throw notFound("Document not found.");
  const [row] = await db
    .select({ document: documents, categoryAccess: documentCategories.accessLevel })
    .from(documents)
    .innerJoin(documentCategories, eq(documents.categoryId, documentCategories.id))
    .where(eq(documents.id, id))
    .limit(1);
  if (!row) throw notFound("Document not found.");
  const allowed = accessLevelsFor(documentLevel(member));
  const needed = ACCESS_RANK[row.document.accessLevel] >= ACCESS_RANK[row.categoryAccess] ? row.document.accessLevel : row.categoryAccess;
  if (!allowed.includes(needed)) {
    throw new AppError("FORBIDDEN", `This document is for ${ACCESS_LABEL[needed]} members. Upgrade your membership to download it.`);
  }
  const { document } = row;
  if (document.fileType === FILLABLE_PDF) {
    return { fileName: document.fileName, title: document.title, contentType: "application/pdf", content: await fillablePdfOf(document) };
  }
  return { fileName: document.fileName, title: document.title, contentType: "text/plain; charset=utf-8", content: document.content };
}
