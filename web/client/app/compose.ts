import { prepareTagManager } from '../../../adapters/analytics/tag-manager.js';
import { createBrowserUseCases, fetchPublicConfig } from '../../../adapters/composition/browser.js';
import type { ClientServices } from '../use-cases/use-cases-provider.js';

/**
 * The composition chunk: public config, then the browser's composition root (adapters, supabase-js
 * among them, and the use cases over them). main.tsx starts loading it at once, in parallel with
 * the first paint; React only ever receives the use cases (DESIGN.md "Dependency injection").
 */
export async function compose(): Promise<ClientServices> {
  const config = await fetchPublicConfig();
  const useCases = createBrowserUseCases(config);
  // app spec §7: the tag manager loads at start, when one is configured.
  void useCases.loadTagManager({ src: prepareTagManager(config.tagManagerId) });
  return {
    useCases,
    config: { billingAvailable: config.billingAvailable, tagManagerId: config.tagManagerId, supportWidgetSrc: config.supportWidgetSrc },
  };
}
