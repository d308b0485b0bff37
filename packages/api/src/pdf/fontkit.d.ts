/** fontkit (pdfkit's font engine) ships no types; the shop only makes fonts with it, for pdfkit. */
declare module "fontkit" {
  /** A parsed font, which pdfkit's `registerFont` takes as it is. */
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(data: Buffer): Font;
}
