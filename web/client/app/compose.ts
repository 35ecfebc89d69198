import { prepareTagManager } from '../../../adapters/analytics/tag-manager.js';
import { createBrowserDependencies, fetchPublicConfig } from '../../../adapters/composition/browser-dependencies.js';
import { createBrowserContainer, resolveUseCases } from '../../../adapters/composition/containers.js';
import type { ClientServices } from './use-cases-provider.js';

/**
 * The composition chunk: public config, adapters (supabase-js among them), container, use cases.
 * main.tsx starts loading it at once, in parallel with the first paint; React only ever receives
 * the resolved use cases (DESIGN.md "Dependency injection").
 */
export async function compose(): Promise<ClientServices> {
  const config = await fetchPublicConfig();
  const container = createBrowserContainer(createBrowserDependencies(config));
  const useCases = resolveUseCases(container, 'browser');
  // app spec §7: the tag manager loads at start, when one is configured.
  void useCases.loadTagManager({ src: prepareTagManager(config.tagManagerId) });
  return {
    useCases,
    config: { billingAvailable: config.billingAvailable, tagManagerId: config.tagManagerId, supportWidgetSrc: config.supportWidgetSrc },
  };
}
