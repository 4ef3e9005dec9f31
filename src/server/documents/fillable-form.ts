import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { ASSOCIATION_NAME } from "../../shared/agreement.ts";

// A form of the document library as a fillable PDF (pdf-lib's AcroForm fields): its text template
// laid out line by line in a fixed-width font, every blank ("____") a text field and every box
// ("[ ]") a check box at the place it stands, so the PDF reads like the template and fills in any
// PDF reader. The template stays the one source of the form's words.

const PAGE = { width: 612, height: 792, margin: 40 }; // US Letter, points
const SIZE = 8.6;
const CHAR = SIZE * 0.6; // Courier's advance is 600/1000 of the size
const LINE = SIZE * 1.55;
const BLANK = /_{3,}|\[ \]/g;

/** The fillable PDF of a form template; the same text always yields the same fields. */
export async function fillableFormPdf(slug: string, title: string, template: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setAuthor(ASSOCIATION_NAME);
  doc.setCreator(ASSOCIATION_NAME);
  doc.setProducer("pdf-lib");
  const fixed = new Date("2026-11-25T00:00:00.000Z");
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const font = await doc.embedFont(StandardFonts.Courier);
  const bold = await doc.embedFont(StandardFonts.CourierBold);
  const form = doc.getForm();
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  let fieldNumber = 0;

  const lines = template.replace(/\r\n/g, "\n").split("\n");
  lines.forEach((line, index) => {
    if (y - LINE < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    y -= LINE;
    const heading = index === 0 || (/^[0-9A-Z][0-9A-Z .,/&()'-]+$/.test(line.trim()) && line.trim().length > 3);
    // The words, with each blank left out (its field stands there instead).
    const words = line.replace(BLANK, (m) => " ".repeat(m.length));
    page.drawText(words, { x: PAGE.margin, y, size: SIZE, font: heading ? bold : font, color: rgb(0.1, 0.1, 0.15) });
    for (const match of line.matchAll(BLANK)) {
      fieldNumber += 1;
      const x = PAGE.margin + match.index! * CHAR;
      const name = `${slug}.${fieldNumber}`;
      if (match[0] === "[ ]") {
        const box = form.createCheckBox(name);
        box.addToPage(page, { x: x + CHAR * 0.5, y: y - 1.5, width: CHAR * 2, height: CHAR * 2, borderColor: rgb(0.3, 0.3, 0.4), borderWidth: 0.8 });
      } else {
        const field = form.createTextField(name);
        field.addToPage(page, {
          x,
          y: y - 2.5,
          width: match[0].length * CHAR,
          height: LINE - 1,
          font,
          borderColor: rgb(0.55, 0.6, 0.7),
          borderWidth: 0.6,
          backgroundColor: rgb(0.95, 0.97, 1),
        });
        field.setFontSize(SIZE);
      }
    }
  });
  form.updateFieldAppearances(font);
  return doc.save({ useObjectStreams: false });
}
