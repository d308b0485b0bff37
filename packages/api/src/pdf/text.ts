import { fontName, isIndic, loadFontkit, registerShopFonts, scriptRuns, type FontScript } from "./fonts";
import { guardNullAnchors } from "./null-anchors";

/** pdfkit's text options, and the weight (Noto Sans regular or bold, in every script). */
export type TextOptions = PDFKit.Mixins.TextOptions & { bold?: boolean };

/** Makes the font of `script` current (and its shaping safe from fontkit's null-anchor bug). */
function useFont(pdf: PDFKit.PDFDocument, script: FontScript, bold: boolean | undefined): PDFKit.PDFDocument {
  pdf.font(fontName(script, bold));
  if (isIndic(script)) guardNullAnchors(pdf);
  return pdf;
}

/** A PDF string in UTF-16 (big-endian, with its byte order mark), as hex. */
const pdfUnicodeString = (text: string) => `<FEFF${Buffer.from(text, "utf16le").swap16().toString("hex").toUpperCase()}>`;

/**
 * Draws with `draw` and tells readers the text it stands for (an `ActualText` span inside the text object): Indian
 * scripts draw some vowel signs and consonants in another order than they are written (ि before its consonant,
 * the ra of "र्म" above it), so the glyphs alone read back out of order. Poppler, Acrobat and screen readers use
 * the span's text instead. `draw` must make one text object (one call on one line), as `writeText` does per word.
 */
function withActualText(pdf: PDFKit.PDFDocument, text: string, draw: () => void): void {
  const addContent = pdf.addContent.bind(pdf);
  pdf.addContent = (data: string) => {
    if (data === "ET") addContent("EMC");
    addContent(data);
    if (data === "BT") addContent(`/Span <</ActualText ${pdfUnicodeString(text)}>> BDC`);
    return pdf;
  };
  try {
    draw();
  } finally {
    // Back to pdfkit's own method (on the prototype).
    delete (pdf as Partial<Pick<PDFKit.PDFDocument, "addContent">>).addContent;
  }
}

/** The width of one line of `text` in its fonts, at the current size. */
export function widthOfText(pdf: PDFKit.PDFDocument, text: string, bold = false): number {
  return scriptRuns(text).reduce((sum, run) => sum + useFont(pdf, run.script, bold).widthOfString(run.text), 0);
}

/** The height `text` takes wrapped to `options.width` (for a text in several scripts, in its tallest font). */
export function heightOfText(pdf: PDFKit.PDFDocument, text: string, options: TextOptions = {}): number {
  const scripts = new Set(scriptRuns(text).map((run) => run.script));
  return Math.max(0, ...[...scripts].map((script) => useFont(pdf, script, options.bold).heightOfString(text, options)));
}

/**
 * Writes `text` as `pdf.text` would, each run of it in the Noto font of its script (Latin, Devanagari, Telugu and
 * the other Indian scripts), so a name or an address in any of them comes out shaped and reads back as written.
 */
export function writeText(pdf: PDFKit.PDFDocument, text: string, x?: number, y?: number, options: TextOptions = {}): PDFKit.PDFDocument {
  const { bold = false, ...textOptions } = options;
  // A word of an Indian script is a run of its own (spaces are Latin), so each span stays on one line.
  const runs = scriptRuns(text);
  if (runs.length === 1 && !isIndic(runs[0]!.script)) return useFont(pdf, runs[0]!.script, bold).text(text, x, y, textOptions);
  // pdfkit aligns each call's text on its own: a line of several runs is aligned here, as one.
  const start = x ?? pdf.x;
  let left = start;
  const { align, ...rest } = textOptions;
  const room = textOptions.width ?? pdf.page.width - pdf.page.margins.right - start;
  const width = widthOfText(pdf, text, bold);
  if ((align === "right" || align === "center") && width <= room) left += align === "right" ? room - width : (room - width) / 2;
  const own = align === "right" || align === "center" ? rest : textOptions;
  // Fonts differ in height: every run sits on the baseline a Latin line would have (pdfkit places by the top otherwise).
  const baseline = latinAscent(pdf, bold);
  runs.forEach((run, i) => {
    const last = i === runs.length - 1;
    const runOptions = { ...own, baseline: "alphabetic" as const, width: room - (left - start), continued: last ? (textOptions.continued ?? false) : true };
    const draw = () => {
      useFont(pdf, run.script, bold);
      if (i === 0) pdf.text(run.text, left, (y ?? pdf.y) + baseline, runOptions);
      else pdf.text(run.text, runOptions);
    };
    if (isIndic(run.script)) withActualText(pdf, run.text, draw);
    else draw();
  });
  if (!textOptions.continued) pdf.y -= baseline;
  return pdf;
}

/** How far below the top of a line Noto Sans puts its baseline, at the current size. */
function latinAscent(pdf: PDFKit.PDFDocument, bold: boolean): number {
  useFont(pdf, "latin", bold);
  const { _font, _fontSize } = pdf as unknown as { _font: { ascender: number }; _fontSize: number };
  return (_font.ascender / 1000) * _fontSize;
}

/**
 * A new PDF with the shop's fonts, collected into one Buffer when it ends. pdfkit and fontkit load on the first one
 * (about 0.3 s of the server's start otherwise, for documents most starts never make).
 */
export async function startPdf(options: PDFKit.PDFDocumentOptions): Promise<{ pdf: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const [{ default: PDFDocument }] = await Promise.all([import("pdfkit"), loadFontkit()]);
  const pdf = new PDFDocument(options);
  registerShopFonts(pdf);
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  return { pdf, done };
}
