import type { DocumentText } from '../../core/chat/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';

/** Pages read at most: a longer document's text would pass any model's context long before. */
const MAX_PAGES = 500;

/**
 * A PDF's text with Mozilla's PDF.js (pdfjs-dist, its legacy build for Node), in this process: no
 * canvas, no fonts loaded, no script evaluated (`isEvalSupported: false`), nothing fetched. Lines
 * follow the text items' end-of-line marks; pages are separated by a blank line.
 */
export class PdfjsDocumentText implements DocumentText {
  async pdfText(bytes: Uint8Array, maxCharacters: number): Promise<Result<string>> {
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // PDF.js takes ownership of the buffer it is given; it gets a copy.
    const task = getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 });
    try {
      const document = await task.promise;
      const pages: string[] = [];
      let length = 0;
      for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES) && length < maxCharacters; number++) {
        const page = await document.getPage(number);
        const content = await page.getTextContent();
        const text = content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join('')
          .replace(/[ \t]+\n/g, '\n')
          .trim();
        page.cleanup();
        if (text !== '') {
          pages.push(text);
          length += text.length + 2;
        }
      }
      return ok(pages.join('\n\n').slice(0, maxCharacters));
    } catch (error) {
      const name = (error as { name?: string }).name;
      const reason = name === 'PasswordException' ? 'it is protected by a password' : 'it is damaged or not a PDF';
      return fail(domainError('validation', `The PDF could not be read: ${reason}`, { reason: 'invalid' }));
    } finally {
      await task.destroy();
    }
  }
}
