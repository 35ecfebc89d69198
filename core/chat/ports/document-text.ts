import type { Result } from '../../shared/index.js';

/** The text of documents whose bytes are not text themselves (a PDF's pages). */
export interface DocumentText {
  /**
   * The text of a PDF, page after page, at most `maxCharacters` of it; `validation` when the bytes
   * are not a readable PDF (damaged, or encrypted with a password).
   */
  pdfText(bytes: Uint8Array, maxCharacters: number): Promise<Result<string>>;
}
