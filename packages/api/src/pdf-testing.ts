import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Runs `read` on the PDF written to a temporary file, and removes the file's folder whatever happens. */
function withPdfFile<T>(pdf: Buffer, read: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), "mithai-pdf-"));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, pdf);
    return read(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PDF's text as poppler's pdftotext reads it; `layout` keeps a row's figures on one line. */
export function pdfText(pdf: Buffer, options: { layout?: boolean } = {}): string {
  return withPdfFile(pdf, (file) => execFileSync("pdftotext", [...(options.layout ? ["-layout"] : []), file, "-"], { encoding: "utf8" }));
}

/** The fonts pdffonts lists in a PDF. */
export function pdfFonts(pdf: Buffer): string {
  return withPdfFile(pdf, (file) => execFileSync("pdffonts", [file], { encoding: "utf8" }));
}

/** Every QR code on a PDF's pages, decoded (pdftoppm renders the pages, zbarimg reads them). */
export function pdfQrCodes(pdf: Buffer): string[] {
  return withPdfFile(pdf, (file, dir) => {
    execFileSync("pdftoppm", ["-png", "-r", "150", file, path.join(dir, "page")]);
    const pages = readdirSync(dir).filter((name) => name.endsWith(".png")).sort();
    return pages.flatMap((page) =>
      execFileSync("zbarimg", ["--quiet", "--raw", path.join(dir, page)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
        .split("\n")
        .filter(Boolean),
    );
  });
}
