import type { ScriptLoader } from '../../core/interface/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';

/**
 * Adds a <script> to the document and answers when it has loaded or failed. Only http(s) sources
 * (absolute, or relative to the page) are accepted; `async` and `defer` attributes are booleans.
 */
export class DomScriptLoader implements ScriptLoader {
  constructor(private readonly doc: Document = document) {}

  load(src: string, attributes: Readonly<Record<string, string>> = {}): Promise<Result<void>> {
    const base = this.doc.location?.href ?? 'http://localhost/';
    if (!URL.canParse(src, base) || !['http:', 'https:'].includes(new URL(src, base).protocol)) {
      return Promise.resolve(fail(domainError('validation', `Not a script address: ${src}`)));
    }
    return new Promise((resolve) => {
      const script = this.doc.createElement('script');
      for (const [name, value] of Object.entries(attributes)) {
        if (name === 'async' || name === 'defer') script[name] = value !== 'false';
        else script.setAttribute(name, value);
      }
      script.src = src;
      script.addEventListener('load', () => resolve(ok(undefined)), { once: true });
      script.addEventListener('error', () => resolve(fail(domainError('network', `The script ${src} failed to load`))), { once: true });
      this.doc.head.appendChild(script);
    });
  }
}
