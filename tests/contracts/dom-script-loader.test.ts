// @vitest-environment jsdom
import { DomScriptLoader } from '../../adapters/analytics/dom-script-loader.js';
import { scriptLoaderContract } from './script-loader.contract.js';

/**
 * jsdom fetches no scripts, so the page's part is played here: each appended <script> gets its
 * `load` event, or `error` for a source made to fail, as a browser would fire them.
 */
scriptLoaderContract('DomScriptLoader', async () => {
  const doc = document.implementation.createHTMLDocument('contract');
  const failing = new Set<string>();
  new MutationObserver((changes) => {
    for (const added of changes.flatMap((c) => [...c.addedNodes])) {
      if (!(added instanceof HTMLScriptElement)) continue;
      added.dispatchEvent(new Event(failing.has(added.getAttribute('src') ?? '') ? 'error' : 'load'));
    }
  }).observe(doc.head, { childList: true });
  return { loader: new DomScriptLoader(doc), failOn: (src) => failing.add(src) };
});
