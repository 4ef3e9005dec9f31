import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, PDFName, StandardFontEmbedder, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { PdfFontSet } from "../db/schema.ts";
import { ASSOCIATION_NAME } from "../../shared/agreement.ts";
import { chicagoDateTime } from "../../shared/time.ts";

// The signed agreement as a PDF (DECISIONS.md 13): the agreement text exactly as stored at
// signing, the signature block and an audit page. Everything in the file comes from the contract
// record, and every date in the file is the signing time, so the same record always yields the
// same bytes: the SHA-256 of the file can be stored and checked later.

/** The fields of a contract the document is made from. */
export interface ContractRecord {
  id: string;
  applicationId: string;
  memberName: string;
  memberEmail: string;
  membershipLevel: string;
  agreementVersion: string;
  contractText: string;
  textSha256: string;
  signatureName: string;
  consentWording: string;
  signedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  /** Chosen at signing with `pdfFontsFor`; kept so the record renders the same file for ever. */
  pdfFonts: PdfFontSet;
  /**
   * The verification page's full address at signing, printed on the audit page. Absent on
   * contracts issued before it was printed: they keep their "/verify" line, byte for byte.
   */
  verifyUrl?: string | null;
}

export interface ContractPdf {
  bytes: Uint8Array;
  /** SHA-256 of the file, hex: what verification compares. */
  sha256: string;
  /** SHA-256 of the signed record printed on the audit page, hex. */
  recordFingerprint: string;
  filename: string;
}

export const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/**
 * The fingerprint printed in the document: the SHA-256 of the signed record (every audit field
 * and the full agreement text). A file cannot contain the hash of its own bytes, so the audit page
 * carries this one, and the file's SHA-256 is kept on the contract for verification.
 */
export function recordFingerprint(contract: ContractRecord): string {
  return sha256Hex(
    JSON.stringify([
      contract.id,
      contract.applicationId,
      contract.agreementVersion,
      contract.textSha256,
      contract.contractText,
      contract.signatureName,
      contract.memberName,
      contract.memberEmail,
      contract.membershipLevel,
      contract.consentWording,
      contract.signedAt.toISOString(),
      contract.ipAddress,
      contract.userAgent,
    ]),
  );
}

/** Letters that have no decomposition into a base letter and a mark. */
const ASCII_LETTERS: Record<string, string> = { Ł: "L", ł: "l", Ø: "O", ø: "o", Đ: "D", đ: "d", ß: "ss", Æ: "AE", æ: "ae", Œ: "OE", œ: "oe", Þ: "Th", þ: "th" };

export function contractPdfFilename(contract: Pick<ContractRecord, "memberName" | "signedAt">): string {
  // "Łucja Wiśniewska-Żak" becomes "Lucja-Wisniewska-Zak": the accents go, the letters stay.
  const ascii = contract.memberName
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[ŁłØøĐđßÆæŒœÞþ]/g, (ch) => ASCII_LETTERS[ch]!);
  const name = ascii.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "member";
  return `membership-agreement-${name}-${contract.signedAt.toISOString().slice(0, 10)}.pdf`;
}

/**
 * The fonts a document is set in. "standard" is the PDF's built-in Helvetica: nothing embedded,
 * smallest file, fastest render, but only Western European letters (WinAnsi). "unicode" embeds
 * the glyphs used from DejaVu Sans (Latin Extended, Greek, Cyrillic, Vietnamese): a Polish,
 * Czech or Ukrainian name prints as written. Characters neither can draw (Chinese, for one) print
 * as "?" and the audit page says so. Hex values stay in the built-in Courier either way.
 */
const DEJAVU = {
  regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
} as const;
const fontFiles = new Map<string, Uint8Array>();
function fontFile(path: string): Uint8Array {
  let bytes = fontFiles.get(path);
  if (!bytes) {
    bytes = readFileSync(require.resolve(path));
    fontFiles.set(path, bytes);
  }
  return bytes;
}

/**
 * The "world" set: DejaVu Sans for Latin, Greek and Cyrillic as in "unicode", and Noto Sans for
 * the scripts people sign with that DejaVu cannot draw or lay out beside Latin text: Chinese and
 * Japanese (Noto Sans SC: Han, hiragana, katakana), Korean (Noto Sans KR: Hangul), Arabic and
 * Hebrew (right to left). Only the glyphs used are embedded.
 */
const NOTO = {
  sc: { regular: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf", bold: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf" },
  kr: { regular: "@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf", bold: "@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf" },
  arabic: {
    regular: "@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf",
  },
  hebrew: {
    regular: "@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf",
  },
} as const;
type ScriptFont = keyof typeof NOTO;
/** The order script fonts are embedded in (part of the file). */
const SCRIPT_FONTS = ["sc", "kr", "arabic", "hebrew"] as const satisfies readonly ScriptFont[];
const RIGHT_TO_LEFT = new Set<ScriptFont>(["arabic", "hebrew"]);

/** The Noto font a character's script is set in, or null for what DejaVu Sans sets. */
function scriptFontOf(ch: string): ScriptFont | null {
  if (/\p{Script=Arabic}/u.test(ch)) return "arabic";
  if (/\p{Script=Hebrew}/u.test(ch)) return "hebrew";
  if (/\p{Script=Hangul}/u.test(ch)) return "kr";
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u.test(ch)) return "sc";
  return null;
}

const charsets = new Map<string, Set<number>>();
function charsetOf(path: string): Set<number> {
  let set = charsets.get(path);
  if (!set) {
    set = new Set(fontkit.create(fontFile(path) as Buffer).characterSet);
    charsets.set(path, set);
  }
  return set;
}

let standardCharset: Set<number> | undefined;
let unicodeCharset: Set<number> | undefined;
let outsideStandard: RegExp | undefined;
/** Whether a character needs no glyph: line breaks and tabs are laid out, not drawn. */
const isLayout = (codePoint: number) => codePoint === 0x0a || codePoint === 0x0d || codePoint === 0x09;

/** A pattern that finds a character that is neither laid out nor in `charset`. */
function patternOutside(charset: Set<number>): RegExp {
  const codePoints = [...new Set([0x09, 0x0a, 0x0d, ...charset])].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < codePoints.length; i++) {
    let j = i;
    while (j + 1 < codePoints.length && codePoints[j + 1] === codePoints[j]! + 1) j++;
    const hex = (cp: number) => `\\u{${cp.toString(16)}}`;
    ranges.push(i === j ? hex(codePoints[i]!) : `${hex(codePoints[i]!)}-${hex(codePoints[j]!)}`);
    i = j;
  }
  return new RegExp(`[^${ranges.join("")}]`, "u");
}

/**
 * The font set for a record about to be signed: the built-in fonts when they can draw all of its
 * text, DejaVu Sans when it can draw something they cannot.
 */
export function pdfFontsFor(contract: Omit<ContractRecord, "pdfFonts" | "id" | "applicationId" | "signedAt">): PdfFontSet {
  return fontSetForText(printedText(contract));
}

/** The font set that draws `printed`: built-in when it can, DejaVu Sans for more of Unicode, "world" for CJK, Arabic, Hebrew. */
export function fontSetForText(printed: string): PdfFontSet {
  // pdf-lib's StandardFonts values are its font names; the embedder's parameter type just spells them differently.
  const helvetica = StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0];
  standardCharset ??= new Set(StandardFontEmbedder.for(helvetica).encoding.supportedCodePoints);
  // Nearly every record is all built-in characters: one pass of a compiled pattern says so.
  outsideStandard ??= patternOutside(standardCharset);
  if (!outsideStandard.test(printed)) return "standard";
  let set: PdfFontSet = "standard";
  for (const ch of printed) {
    const codePoint = ch.codePointAt(0)!;
    if (isLayout(codePoint) || standardCharset.has(codePoint)) continue;
    // Chinese, Japanese, Korean, Arabic or Hebrew: the Noto fonts, laid out by script and direction.
    if (scriptFontOf(ch)) return "world";
    unicodeCharset ??= new Set(fontkit.create(fontFile(DEJAVU.regular) as Buffer).characterSet);
    if (unicodeCharset.has(codePoint)) set = "unicode";
  }
  return set;
}

export type Fonts = { regular: PDFFont; bold: PDFFont; mono: PDFFont };
/** The script fonts of a "world" document, each in both weights. */
type WorldFonts = Partial<Record<ScriptFont, { regular: PDFFont; bold: PDFFont }>>;

/**
 * A "world" document's fonts: the base set (DejaVu, as "unicode"), then the Noto fonts of the
 * scripts its record uses, in a fixed order, so the same record embeds the same objects.
 */
async function embedWorldFonts(doc: PDFDocument, record: ContractRecord): Promise<{ base: Fonts; scripts: WorldFonts }> {
  return embedWorldFontsFor(doc, printedText(record));
}

/** A "world" document's fonts for the text it prints. */
async function embedWorldFontsFor(doc: PDFDocument, printed: string): Promise<{ base: Fonts; scripts: WorldFonts }> {
  const base = await embedFonts(doc, "world");
  const used = new Set<ScriptFont>();
  for (const ch of printed) {
    const script = scriptFontOf(ch);
    if (script) used.add(script);
  }
  const scripts: WorldFonts = {};
  for (const script of SCRIPT_FONTS) {
    if (!used.has(script)) continue;
    const files = NOTO[script];
    scripts[script] = {
      regular: await doc.embedFont(fontFile(files.regular), { subset: true, customName: `NotoSans-${script}` }),
      bold: await doc.embedFont(fontFile(files.bold), { subset: true, customName: `NotoSans-${script}-Bold` }),
    };
  }
  return { base, scripts };
}

/** Everything a record prints, as pdfFontsFor reads it. */
function printedText(contract: Omit<ContractRecord, "pdfFonts" | "id" | "applicationId" | "signedAt">): string {
  return [
    contract.memberName,
    contract.memberEmail,
    contract.membershipLevel,
    contract.agreementVersion,
    contract.contractText,
    contract.signatureName,
    contract.consentWording,
    contract.ipAddress ?? "",
    contract.userAgent ?? "",
  ].join("");
}

/** Embeds regular, bold and mono in that order: the order numbers the objects, so it is part of the file. */
async function embedFonts(doc: PDFDocument, set: PdfFontSet): Promise<Fonts> {
  if (set !== "standard") doc.registerFontkit(fontkit);
  // A fixed name (no random suffix) and only the glyphs used: same record, same bytes.
  const embed = (standard: StandardFonts, file: string, customName: string) =>
    set === "standard" ? doc.embedFont(standard) : doc.embedFont(fontFile(file), { subset: true, customName });
  return {
    regular: await embed(StandardFonts.Helvetica, DEJAVU.regular, "DejaVuSans"),
    bold: await embed(StandardFonts.HelveticaBold, DEJAVU.bold, "DejaVuSans-Bold"),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
}

export const PAGE = { width: 612, height: 792, margin: 64 }; // US Letter, points
export const COLORS = { text: rgb(0.12, 0.16, 0.22), muted: rgb(0.39, 0.45, 0.55), brand: rgb(0.12, 0.23, 0.54) };

/**
 * Text widths for line wrapping, in font units (thousandths of the size), exactly as pdf-lib's
 * widthOfTextAtSize computes them (glyph widths plus pair kerning). For the built-in fonts the
 * units are integers, so a line's width can be carried forward word by word instead of
 * re-measuring the whole line for every word, and `units * (size / 1000)` is bit for bit
 * pdf-lib's own result: the layout, and so the file and its SHA-256, stay what they were before
 * this was added. (An embedded font's units are fractions; the sums are the same on every render,
 * which is what the file's stability needs.) Measuring was most of the time of a render.
 */
class FontMetrics {
  readonly charset: Set<number>;
  private readonly widths = new Map<string, number>();
  private readonly kerning = new Map<string, number>();

  constructor(private readonly font: PDFFont) {
    this.charset = new Set(font.getCharacterSet());
  }

  private width(ch: string): number {
    let units = this.widths.get(ch);
    if (units === undefined) {
      units = this.font.widthOfTextAtSize(ch, 1000);
      this.widths.set(ch, units);
    }
    return units;
  }

  private kern(left: string, right: string): number {
    const pair = left + right;
    let units = this.kerning.get(pair);
    if (units === undefined) {
      units = this.font.widthOfTextAtSize(pair, 1000) - this.width(left) - this.width(right);
      this.kerning.set(pair, units);
    }
    return units;
  }

  /** The width of `text` in font units. */
  units(text: string): number {
    let total = 0;
    let previous: string | undefined;
    for (const ch of text) {
      total += this.width(ch) + (previous === undefined ? 0 : this.kern(previous, ch));
      previous = ch;
    }
    return total;
  }

  /** The width of `left + right` from the widths of both: the kerning where they meet is added. */
  join(left: string, leftUnits: number, right: string, rightUnits: number): number {
    if (left === "" || right === "") return leftUnits + rightUnits;
    const last = String.fromCodePoint(left.codePointAt(left.length - (left.length > 1 && /[\uDC00-\uDFFF]/.test(left[left.length - 1]!) ? 2 : 1))!);
    const first = String.fromCodePoint(right.codePointAt(0)!);
    return leftUnits + this.kern(last, first) + rightUnits;
  }
}

/** A font is the same in every document (embedded ones under a fixed name), so its metrics are kept by name. */
const fontMetrics = new Map<string, FontMetrics>();
function metricsOf(font: PDFFont): FontMetrics {
  let metrics = fontMetrics.get(font.name);
  if (!metrics) {
    metrics = new FontMetrics(font);
    fontMetrics.set(font.name, metrics);
  }
  return metrics;
}

/** Lays text out top to bottom, wrapping lines and starting new pages as needed. */
export class Writer {
  private page!: PDFPage;
  private y = 0;
  private pageNumber = 0;
  readonly pages: PDFPage[] = [];
  /** Set when a character had to be printed as "?". */
  substituted = false;

  /** A "world" document's script fonts: its text is drawn in runs by script and direction. */
  world: WorldFonts | null = null;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly footer: string,
    /**
     * Whether a field's label stays on the page of its value. Layout rules added after contracts
     * were issued apply only to documents set in the embedded fonts (the newer kind), so every
     * built-in-font document renders to the bytes it was issued with.
     */
    private readonly keepLabelWithValue = false,
  ) {}

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.pageNumber += 1;
    this.y = PAGE.height - PAGE.margin;
  }

  private ensure(height: number) {
    if (this.y - height < PAGE.margin + 24) this.newPage();
  }

  /** Characters the standard fonts cannot draw become "?"; the exact text is covered by its SHA-256. */
  private printable(font: PDFFont, text: string): string {
    const charset = metricsOf(font).charset;
    let out = "";
    for (const ch of text.replace(/\t/g, "    ")) {
      const known = charset.has(ch.codePointAt(0)!);
      if (!known) this.substituted = true;
      out += known ? ch : "?";
    }
    return out;
  }

  private wrap(font: PDFFont, size: number, text: string, width: number): string[] {
    const metrics = metricsOf(font);
    const scale = size / 1000;
    const lines: string[] = [];
    for (const paragraph of text.split("\n")) {
      let line = "";
      let lineUnits = 0;
      for (const word of paragraph.split(/(\s+)/)) {
        if (word === "") continue;
        const candidate = line + word;
        const candidateUnits = metrics.join(line, lineUnits, word, metrics.units(word));
        if (candidateUnits * scale <= width || line === "") {
          // A single word longer than the line (a hash, a user agent) is broken by characters.
          if (candidateUnits * scale > width) {
            for (const ch of candidate) {
              const withChar = metrics.join(line, lineUnits, ch, metrics.units(ch));
              if (withChar * scale > width && line !== "") {
                lines.push(line);
                line = "";
                lineUnits = 0;
              }
              lineUnits = metrics.join(line, lineUnits, ch, metrics.units(ch));
              line += ch;
            }
          } else {
            line = candidate;
            lineUnits = candidateUnits;
          }
        } else {
          lines.push(line.trimEnd());
          line = /^\s+$/.test(word) ? "" : word;
          lineUnits = metrics.units(line);
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  text(
    text: string,
    options: { font?: "regular" | "bold" | "mono"; size?: number; color?: ReturnType<typeof rgb>; gap?: number; indent?: number } = {},
  ) {
    if (this.world && options.font !== "mono") return this.worldText(text, options);
    const font = this.fonts[options.font ?? "regular"];
    const size = options.size ?? 10.5;
    const indent = options.indent ?? 0;
    const lineHeight = size * 1.4;
    for (const line of this.wrap(font, size, this.printable(font, text), PAGE.width - 2 * PAGE.margin - indent)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size, font, color: options.color ?? COLORS.text });
    }
    this.y -= options.gap ?? 6;
  }

  /**
   * The runs of a line in a "world" document: each character in the font of its script (Noto for
   * CJK, Arabic, Hebrew; DejaVu otherwise), spaces and punctuation between two right-to-left
   * characters kept in their run, so "محمد علي" is one run that fontkit shapes and reverses.
   * A character no font can draw is a "?" in the base font.
   */
  private runs(text: string, weight: "regular" | "bold"): { font: PDFFont; text: string }[] {
    const base = this.fonts[weight];
    const baseSet = metricsOf(base).charset;
    const chars = [...text.replace(/\t/g, "    ")];
    const keys: (ScriptFont | null)[] = chars.map((ch) => scriptFontOf(ch));
    // Neutral characters between two characters of one right-to-left script belong to that run.
    for (let i = 0; i < chars.length; i++) {
      if (keys[i] !== null || !/[\s\p{P}]/u.test(chars[i]!)) continue;
      let j = i;
      while (j < chars.length && keys[j] === null && /[\s\p{P}]/u.test(chars[j]!)) j++;
      const before = keys[i - 1];
      if (before && RIGHT_TO_LEFT.has(before) && keys[j] === before) for (let k = i; k < j; k++) keys[k] = before;
      i = j - 1;
    }
    const runs: { font: PDFFont; key: string; text: string }[] = [];
    chars.forEach((ch, i) => {
      const script = keys[i] ? this.world?.[keys[i]!] : undefined;
      let font = script ? script[weight] : base;
      let out = ch;
      if (!metricsOf(font).charset.has(ch.codePointAt(0)!)) {
        font = base;
        if (!baseSet.has(ch.codePointAt(0)!)) {
          out = "?";
          this.substituted = true;
        }
      }
      const key = font.name;
      const last = runs[runs.length - 1];
      if (last && last.key === key) last.text += out;
      else runs.push({ font, key, text: out });
    });
    return runs;
  }

  private runsWidth(text: string, weight: "regular" | "bold", size: number): number {
    return this.runs(text, weight).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  /** Wraps by words (a word too long for a line, by characters), measuring each line's runs. */
  private worldWrap(text: string, weight: "regular" | "bold", size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split("\n")) {
      let line = "";
      for (const word of paragraph.split(/(\s+)/)) {
        if (word === "") continue;
        if (this.runsWidth(line + word, weight, size) <= width || line === "") {
          if (this.runsWidth(line + word, weight, size) > width) {
            for (const ch of line + word) {
              if (line !== "" && this.runsWidth(line + ch, weight, size) > width) {
                lines.push(line);
                line = "";
              }
              line += ch;
            }
          } else line += word;
        } else {
          lines.push(line.trimEnd());
          line = /^\s+$/.test(word) ? "" : word;
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  private drawRuns(page: PDFPage, line: string, x: number, y: number, weight: "regular" | "bold", size: number, color: ReturnType<typeof rgb>) {
    let at = x;
    for (const run of this.runs(line, weight)) {
      page.drawText(run.text, { x: at, y, size, font: run.font, color });
      at += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  private worldText(
    text: string,
    options: { font?: "regular" | "bold" | "mono"; size?: number; color?: ReturnType<typeof rgb>; gap?: number; indent?: number },
  ) {
    const weight = options.font === "bold" ? "bold" : "regular";
    const size = options.size ?? 10.5;
    const indent = options.indent ?? 0;
    const lineHeight = size * 1.4;
    for (const line of this.worldWrap(text, weight, size, PAGE.width - 2 * PAGE.margin - indent)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.drawRuns(this.page, line, PAGE.margin + indent, this.y, weight, size, options.color ?? COLORS.text);
    }
    this.y -= options.gap ?? 6;
  }

  /** A label and its value, the value wrapped under an indent. */
  field(label: string, value: string) {
    if (this.keepLabelWithValue) this.ensure(9.5 * 1.4 + 10 * 1.4);
    this.text(label, { font: "bold", size: 9.5, color: COLORS.muted, gap: 0 });
    this.text(value, { font: /^[0-9a-f]{64}$/.test(value) ? "mono" : "regular", size: 10, gap: 8, indent: 12 });
  }

  rule() {
    this.ensure(12);
    this.y -= 6;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.75,
      color: COLORS.muted,
    });
    this.y -= 10;
  }

  /** Starts a new page unless `points` fit, so a heading stays with the start of its text. */
  keepTogether(points: number) {
    this.ensure(points);
  }

  space(points: number) {
    this.y -= points;
  }

  /** "Page n of N" and the footer line on every page, once all pages exist. */
  finish() {
    const size = 8;
    this.pages.forEach((page, index) => {
      if (this.world) {
        this.drawRuns(page, `${this.footer} · Page ${index + 1} of ${this.pages.length}`, PAGE.margin, PAGE.margin - 24, "regular", size, COLORS.muted);
        return;
      }
      const label = this.printable(this.fonts.regular, `${this.footer} · Page ${index + 1} of ${this.pages.length}`);
      page.drawText(label, { x: PAGE.margin, y: PAGE.margin - 24, size, font: this.fonts.regular, color: COLORS.muted });
    });
  }
}

/**
 * A document's fonts and writer for text it prints (`printed`: everything, for the font choice):
 * how other signed documents (a lease) are set the way the agreement is.
 */
export async function openWriter(doc: PDFDocument, printed: string, footer: string): Promise<{ writer: Writer; set: PdfFontSet }> {
  const set = fontSetForText(printed);
  const world = set === "world" ? await embedWorldFontsFor(doc, printed) : null;
  const fonts = world ? world.base : await embedFonts(doc, set);
  const writer = new Writer(doc, fonts, footer, true);
  writer.world = world?.scripts ?? null;
  return { writer, set };
}

/** Renders the signed agreement. Same record in, byte-identical file out. */
export async function renderContractPdf(contract: ContractRecord): Promise<ContractPdf> {
  const signedAt = contract.signedAt;
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Membership Agreement — ${contract.memberName}`);
  doc.setAuthor(ASSOCIATION_NAME);
  doc.setSubject(`Signed membership agreement, version ${contract.agreementVersion}`);
  doc.setCreator(ASSOCIATION_NAME);
  doc.setProducer("pdf-lib");
  doc.setCreationDate(signedAt);
  doc.setModificationDate(signedAt);
  doc.setLanguage("en-US");
  // A fixed document id (derived from the record) rather than a random one keeps the bytes stable.
  const fingerprint = recordFingerprint(contract);
  const fileId = doc.context.obj(fingerprint.slice(0, 32));
  doc.context.trailerInfo.ID = doc.context.obj([fileId, fileId]);

  const world = contract.pdfFonts === "world" ? await embedWorldFonts(doc, contract) : null;
  const fonts = world ? world.base : await embedFonts(doc, contract.pdfFonts);
  const writer = new Writer(doc, fonts, `${ASSOCIATION_NAME} · Contract ${contract.id}`, contract.pdfFonts !== "standard");
  writer.world = world?.scripts ?? null;

  // The agreement, as stored: first paragraph is the title, second the version line.
  writer.newPage();
  const paragraphs = contract.contractText.split("\n\n");
  paragraphs.forEach((paragraph, index) => {
    if (index === 0) writer.text(paragraph, { font: "bold", size: 15, color: COLORS.brand, gap: 4 });
    else if (index === 1) writer.text(paragraph, { size: 9.5, color: COLORS.muted, gap: 12 });
    else if (/^Article \d+\./.test(paragraph)) {
      const [heading, ...body] = paragraph.split("\n");
      writer.keepTogether(11.5 * 1.4 + 3 * 10.5 * 1.4);
      writer.text(heading!, { font: "bold", size: 11.5, gap: 2 });
      writer.text(body.join("\n"), { gap: 10 });
    } else writer.text(paragraph, { gap: 10 });
  });

  // The signature block.
  writer.keepTogether(220);
  writer.rule();
  writer.text("Signature", { font: "bold", size: 12, color: COLORS.brand, gap: 6 });
  writer.text(`/s/ ${contract.signatureName}`, { font: "bold", size: 16, gap: 4 });
  writer.field("Typed name of signer", contract.signatureName);
  writer.field("Member", `${contract.memberName} <${contract.memberEmail}>`);
  writer.field("Membership level", contract.membershipLevel);
  writer.field("Date signed", `${chicagoDateTime(signedAt)} (America/Chicago)`);
  writer.field("Consent given by the signer", contract.consentWording);

  // The audit page.
  writer.newPage();
  writer.text("Signature Audit Record", { font: "bold", size: 15, color: COLORS.brand, gap: 4 });
  writer.text(
    "This page records how the agreement above was signed electronically under the Illinois Uniform " +
      "Electronic Transactions Act (815 ILCS 333). The agreement text was stored at the moment of signing " +
      "and has not changed since.",
    { size: 9.5, color: COLORS.muted, gap: 12 },
  );
  writer.field("Contract id", contract.id);
  writer.field("Application id", contract.applicationId);
  writer.field("Agreement version", contract.agreementVersion);
  writer.field("SHA-256 of the agreement text", contract.textSha256);
  writer.field("Signer's typed name", contract.signatureName);
  writer.field("Signer's name on the application", contract.memberName);
  writer.field("Signer's email", contract.memberEmail);
  writer.field("Consent wording accepted", contract.consentWording);
  writer.field("Signed at (UTC)", signedAt.toISOString());
  writer.field("Signed at (America/Chicago)", chicagoDateTime(signedAt));
  writer.field("IP address", contract.ipAddress ?? "not recorded");
  writer.field("User agent", contract.userAgent ?? "not recorded");
  writer.field("Document fingerprint (SHA-256 of this signed record)", fingerprint);
  writer.space(6);
  if (writer.substituted) {
    writer.text(
      "Characters the document's fonts cannot show are printed as \"?\"; the SHA-256 of the agreement text " +
        "and the document fingerprint above cover the exact characters signed.",
      { size: 9.5, color: COLORS.muted },
    );
  }
  writer.text(
    contract.verifyUrl
      ? `To verify this document, open ${contract.verifyUrl} and upload this PDF, or give its SHA-256. ` +
          "The association confirms whether it matches a contract on record."
      : "To verify this document, open the association's verification page (/verify) and upload this PDF, " +
          "or give its SHA-256. The association confirms whether it matches a contract on record.",
    { size: 9.5, color: COLORS.muted },
  );
  writer.finish();

  // Keep the catalog free of anything time- or run-dependent.
  doc.catalog.set(PDFName.of("PageMode"), PDFName.of("UseNone"));
  const bytes = await doc.save({ useObjectStreams: false });
  return { bytes, sha256: sha256Hex(bytes), recordFingerprint: fingerprint, filename: contractPdfFilename(contract) };
}
