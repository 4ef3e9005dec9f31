import { PDFDocument, PDFName, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { ASSOCIATION_NAME } from "../../shared/agreement.ts";

// The owner portal's reports as PDFs (pdf-lib, the built-in Helvetica: nothing embedded): a page
// header with the association's name and the report's title, text and tables of right-aligned
// amounts, and "Page n of N" on every page. The document's dates are the report's own, so the
// same figures render the same bytes.

export const LETTER = { width: 612, height: 792 };
const MARGIN = 48;
export const REPORT_COLORS = {
  text: rgb(0.12, 0.16, 0.22),
  muted: rgb(0.39, 0.45, 0.55),
  brand: rgb(0.12, 0.23, 0.54),
  shade: rgb(0.94, 0.95, 0.97),
  rule: rgb(0.8, 0.83, 0.87),
};

export interface Cell {
  text: string;
  /** Left edge, from the page's left margin. */
  x: number;
  width: number;
  align?: "left" | "right";
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
}

export class ReportPdf {
  readonly width = LETTER.width;
  readonly contentWidth = LETTER.width - 2 * MARGIN;
  private page!: PDFPage;
  private y = 0;
  private readonly pages: PDFPage[] = [];
  private readonly charset: Set<number>;
  /** Widths of the strings drawn, by font and size: a report repeats most of its strings ("$0.00"). */
  private readonly widths = new Map<string, number>();

  private constructor(
    readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    private readonly title: string,
  ) {
    this.charset = new Set(fonts.regular.getCharacterSet());
  }

  static async create(meta: { title: string; subject: string; author: string; date: Date }): Promise<ReportPdf> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(meta.title);
    doc.setSubject(meta.subject);
    doc.setAuthor(meta.author);
    doc.setCreator(ASSOCIATION_NAME);
    doc.setProducer("pdf-lib");
    doc.setCreationDate(meta.date);
    doc.setModificationDate(meta.date);
    doc.setLanguage("en-US");
    const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
    const report = new ReportPdf(doc, fonts, meta.title);
    report.newPage();
    return report;
  }

  /** Characters the built-in fonts cannot draw print as "?". */
  printable(text: string): string {
    let out = "";
    for (const ch of text.replace(/\s+/g, " ")) out += this.charset.has(ch.codePointAt(0)!) ? ch : "?";
    return out;
  }

  /** The width of text already made printable. */
  private measure(clean: string, size: number, bold: boolean): number {
    const key = `${bold ? "b" : "r"}${size}|${clean}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = (bold ? this.fonts.bold : this.fonts.regular).widthOfTextAtSize(clean, size);
      this.widths.set(key, width);
    }
    return width;
  }

  widthOf(text: string, size: number, bold = false): number {
    return this.measure(this.printable(text), size, bold);
  }

  /** Cuts text to a width, ending in "..." when it had to be cut. */
  fit(text: string, width: number, size: number, bold = false): string {
    const clean = this.printable(text);
    if (this.measure(clean, size, bold) <= width) return clean;
    let cut = clean;
    while (cut.length > 1 && this.measure(`${cut}...`, size, bold) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}...`;
  }

  /** Words wrapped to a width. */
  wrap(text: string, width: number, size: number, bold = false): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of this.printable(text).split(" ")) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && this.widthOf(candidate, size, bold) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
    return lines.map((l) => (this.widthOf(l, size, bold) > width ? this.fit(l, width, size, bold) : l));
  }

  newPage() {
    this.page = this.doc.addPage([LETTER.width, LETTER.height]);
    this.pages.push(this.page);
    const top = LETTER.height - MARGIN + 14;
    this.page.drawText(ASSOCIATION_NAME, { x: MARGIN, y: top, size: 9, font: this.fonts.bold, color: REPORT_COLORS.brand });
    const title = this.printable(this.title);
    this.page.drawText(title, { x: LETTER.width - MARGIN - this.widthOf(title, 9), y: top, size: 9, font: this.fonts.regular, color: REPORT_COLORS.muted });
    this.page.drawLine({ start: { x: MARGIN, y: top - 6 }, end: { x: LETTER.width - MARGIN, y: top - 6 }, thickness: 0.75, color: REPORT_COLORS.brand });
    this.y = top - 24;
  }

  /** Starts a new page unless `height` points fit. */
  ensure(height: number) {
    if (this.y - height < MARGIN + 10) this.newPage();
  }

  space(points: number) {
    this.y -= points;
  }

  text(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {}) {
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    for (const line of this.wrap(text, this.contentWidth - indent, size, options.bold)) {
      this.ensure(size * 1.35);
      this.y -= size * 1.35;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font: options.bold ? this.fonts.bold : this.fonts.regular, color: options.color ?? REPORT_COLORS.text });
    }
    this.y -= options.gap ?? 4;
  }

  /** One table row: cells cut to their widths, amounts right-aligned; optionally shaded or ruled above. */
  row(cells: Cell[], options: { size?: number; shade?: boolean; ruleAbove?: boolean; height?: number } = {}) {
    const size = options.size ?? 9.5;
    const height = options.height ?? size * 1.6;
    this.ensure(height);
    if (options.shade) {
      this.page.drawRectangle({ x: MARGIN, y: this.y - height + 2, width: this.contentWidth, height, color: REPORT_COLORS.shade });
    }
    if (options.ruleAbove) {
      this.page.drawLine({ start: { x: MARGIN, y: this.y + 1 }, end: { x: LETTER.width - MARGIN, y: this.y + 1 }, thickness: 0.5, color: REPORT_COLORS.rule });
    }
    const baseline = this.y - height + (height - size) / 2 + 2;
    for (const cell of cells) {
      const font = cell.bold ? this.fonts.bold : this.fonts.regular;
      const text = this.fit(cell.text, cell.width - 2, size, cell.bold);
      const x = cell.align === "right" ? MARGIN + cell.x + cell.width - this.measure(text, size, cell.bold ?? false) : MARGIN + cell.x;
      this.page.drawText(text, { x, y: baseline, size, font, color: cell.color ?? REPORT_COLORS.text });
    }
    this.y -= height;
  }

  rule(color = REPORT_COLORS.rule) {
    this.ensure(8);
    this.y -= 4;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: LETTER.width - MARGIN, y: this.y }, thickness: 0.75, color });
    this.y -= 4;
  }

  /** "Page n of N" and the footer on every page, then the file. */
  async save(footer: string): Promise<Uint8Array> {
    const label = (n: number) => this.printable(`${footer} · Page ${n} of ${this.pages.length}`);
    this.pages.forEach((page, index) => {
      page.drawText(label(index + 1), { x: MARGIN, y: MARGIN - 24, size: 8, font: this.fonts.regular, color: REPORT_COLORS.muted });
    });
    this.doc.catalog.set(PDFName.of("PageMode"), PDFName.of("UseNone"));
    return this.doc.save({ useObjectStreams: false });
  }
}
