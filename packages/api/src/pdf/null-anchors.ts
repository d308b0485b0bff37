/**
 * fontkit (pdfkit's shaper, 2.0.4) throws "Cannot read properties of null (reading 'xCoordinate')" when a GPOS
 * mark-positioning subtable has a NULL anchor, which the OpenType spec allows ("no anchor for this class") and the
 * Noto fonts of Indian scripts use: in Telugu every consonant with a subjoined ra and a vowel sign (శ్రీ, ప్రేమ,
 * క్రెడిట్) hit it. Upstream: foliojs/fontkit issue #367, fix proposed in pull request #374 (not released). Until a
 * release carries it, the shop skips such an anchor as that fix and HarfBuzz do: the mark keeps its place.
 */
interface AnchorProcessor {
  applyAnchor: (this: AnchorProcessor, markRecord: { markAnchor: unknown }, baseAnchor: unknown, baseGlyphIndex: number) => void;
}

const guarded = new WeakSet<object>();

/** Guards the GPOS processor class of the document's current font (once per class: fontkit has one). */
export function guardNullAnchors(pdf: PDFKit.PDFDocument): void {
  const font = (pdf as unknown as { _font?: { font?: { _layoutEngine?: { engine?: { GPOSProcessor?: object } } } } })._font?.font;
  const processor = font?._layoutEngine?.engine?.GPOSProcessor;
  if (!processor) return;
  const prototype = Object.getPrototypeOf(processor) as AnchorProcessor;
  if (guarded.has(prototype)) return;
  const applyAnchor = prototype.applyAnchor;
  if (typeof applyAnchor !== "function") return;
  prototype.applyAnchor = function (markRecord, baseAnchor, baseGlyphIndex) {
    if (!baseAnchor || !markRecord.markAnchor) return;
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  guarded.add(prototype);
}
