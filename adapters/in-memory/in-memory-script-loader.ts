import type { ScriptLoader } from '../../core/interface/index.js';
import { domainError, fail, ok } from '../../core/shared/index.js';
import type { Result } from '../../core/shared/index.js';

const PAGE = 'http://localhost/';

/** Records the scripts a page would load; a source can be made to fail like a blocked script. */
export class InMemoryScriptLoader implements ScriptLoader {
  readonly loads: { src: string; attributes: Readonly<Record<string, string>> }[] = [];
  private readonly failing = new Set<string>();

  failOn(src: string): void {
    this.failing.add(src);
  }

  loadedSources(): string[] {
    return this.loads.map((l) => l.src);
  }

  async load(src: string, attributes: Readonly<Record<string, string>> = {}): Promise<Result<void>> {
    // As the DOM loader: only http(s) sources, absolute or relative to the page, ever reach the page.
    if (!URL.canParse(src, PAGE) || !['http:', 'https:'].includes(new URL(src, PAGE).protocol)) {
      return fail(domainError('validation', `Not a script address: ${src}`));
    }
    this.loads.push({ src, attributes });
    if (this.failing.has(src)) return fail(domainError('network', `Script ${src} failed to load`, { src }));
    return ok(undefined);
  }
}
