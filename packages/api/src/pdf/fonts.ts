// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- fontkit ships no types: this brings its declaration into every program that compiles this file (the server's too)
/// <reference path="./fontkit.d.ts" />
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Font } from "fontkit";
import { woffToSfnt } from "./woff";

/**
 * The fonts of the shop's PDFs: Noto Sans for Latin text and the Noto Sans font of each Indian script, as the
 * @fontsource packages ship them (SIL Open Font License 1.1; one WOFF file per script subset and weight). pdfkit
 * shapes text with fontkit (conjuncts, reordered vowel signs) and embeds only the glyphs a document uses.
 */
export const INDIC_SCRIPTS = ["devanagari", "bengali", "gurmukhi", "gujarati", "oriya", "tamil", "telugu", "kannada", "malayalam"] as const;
export type IndicScript = (typeof INDIC_SCRIPTS)[number];
/** Noto Sans comes in two Latin subsets: `latin` (ASCII, Latin-1, punctuation) and `latin-ext` (₹ and the rest of Latin). */
export type FontScript = "latin" | "latin-ext" | IndicScript;

/** The Unicode blocks of the Indian scripts (Devanagari with its extensions, used for Vedic and Sanskrit marks). */
const BLOCKS: readonly [IndicScript, number, number][] = [
  ["devanagari", 0x0900, 0x097f],
  ["bengali", 0x0980, 0x09ff],
  ["gurmukhi", 0x0a00, 0x0a7f],
  ["gujarati", 0x0a80, 0x0aff],
  ["oriya", 0x0b00, 0x0b7f],
  ["tamil", 0x0b80, 0x0bff],
  ["telugu", 0x0c00, 0x0c7f],
  ["kannada", 0x0c80, 0x0cff],
  ["malayalam", 0x0d00, 0x0d7f],
  ["devanagari", 0x1cd0, 0x1cff],
  ["devanagari", 0xa8e0, 0xa8ff],
];

/** What Noto Sans's `latin` subset covers (its unicode-range); other non-Indian characters take `latin-ext`. */
const LATIN_SUBSET = /[\u0000-\u00ff\u0131\u0152\u0153\u02bb\u02bc\u02c6\u02da\u02dc\u0304\u0308\u0329\u2000-\u206f\u20ac\u2122\u2191\u2193\u2212\u2215\ufeff\ufffd]/;

/** Characters that belong to the syllable before them: marks, the zero-width (non-)joiners, the dandas, the dotted circle. */
const JOINS_PREVIOUS = /[\p{M}\u200c\u200d\u0964\u0965\u25cc]/u;

export const isIndic = (script: FontScript): script is IndicScript => script !== "latin" && script !== "latin-ext";

function blockOf(char: string): IndicScript | null {
  const code = char.codePointAt(0)!;
  return BLOCKS.find(([, from, to]) => code >= from && code <= to)?.[0] ?? null;
}

/** The text cut where the font must change: each run in the one font that covers its script. */
export function scriptRuns(text: string): { script: FontScript; text: string }[] {
  const runs: { script: FontScript; text: string }[] = [];
  for (const char of text) {
    const current = runs.at(-1);
    const script: FontScript =
      current && isIndic(current.script) && JOINS_PREVIOUS.test(char) ? current.script : (blockOf(char) ?? (LATIN_SUBSET.test(char) ? "latin" : "latin-ext"));
    if (current?.script === script) current.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}

const require = createRequire(import.meta.url);

/** The name a document knows a font by: "telugu-700". */
export const fontName = (script: FontScript, bold = false) => `${script}-${bold ? 700 : 400}`;

function fontFile(script: FontScript, weight: number): string {
  return isIndic(script)
    ? require.resolve(`@fontsource/noto-sans-${script}/files/noto-sans-${script}-${script}-${weight}-normal.woff`)
    : require.resolve(`@fontsource/noto-sans/files/noto-sans-${script}-${weight}-normal.woff`);
}

/**
 * Each font parsed once per process, from the TrueType its WOFF wraps, and shared by every document: pdfkit takes a
 * fontkit font as it is (its own types list only files and buffers) and subsets it per document.
 */
const loaded = new Map<string, Font>();
/** fontkit, loaded with pdfkit on the first document (pdf/text.ts `startPdf`), not when the server starts. */
let fontkit: typeof import("fontkit") | undefined;
export async function loadFontkit(): Promise<void> {
  fontkit ??= await import("fontkit");
}
function shopFont(script: FontScript, weight: number): Font {
  const name = fontName(script, weight === 700);
  let font = loaded.get(name);
  if (!font) {
    if (!fontkit) throw new Error("fontkit is not loaded yet: documents start with startPdf");
    font = fontkit.create(woffToSfnt(readFileSync(fontFile(script, weight))));
    loaded.set(name, font);
  }
  return font;
}

const FONTS = (["latin", "latin-ext", ...INDIC_SCRIPTS] as const).flatMap((script) => [400, 700].map((weight) => ({ script, weight })));

/** Makes every font known to the document by `fontName`; pdfkit embeds only the ones a page uses. */
export function registerShopFonts(pdf: PDFKit.PDFDocument): void {
  for (const { script, weight } of FONTS) pdf.registerFont(fontName(script, weight === 700), shopFont(script, weight) as unknown as Uint8Array);
}
