import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prepareTagManager } from '../../adapters/analytics/tag-manager.js';
import { createBrowserDependencies, fetchPublicConfig } from '../../adapters/composition/browser-dependencies.js';
import { createBrowserContainer, resolveUseCases } from '../../adapters/composition/containers.js';
import { App } from './app/app.js';
import { createI18n } from './i18n/i18n.js';
import { ErrorFallback } from './ui/error-boundary.js';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

// The one place that builds things: public config, adapters, container, use cases. React only
// ever receives the resolved use cases (DESIGN.md "Dependency injection").
const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
const reactRoot = createRoot(root);

try {
  const config = await fetchPublicConfig();
  const container = createBrowserContainer(createBrowserDependencies(config));
  const useCases = resolveUseCases(container, 'browser');
  // app spec §7: the tag manager loads at start, when one is configured.
  void useCases.loadTagManager({ src: prepareTagManager(config.tagManagerId) });
  const { i18n } = createI18n({ loadTranslations: useCases.loadTranslations });
  const clientConfig = { billingAvailable: config.billingAvailable, tagManagerId: config.tagManagerId, supportWidgetSrc: config.supportWidgetSrc };
  reactRoot.render(
    <StrictMode>
      <App i18n={i18n} useCases={useCases} config={clientConfig} />
    </StrictMode>,
  );
} catch (error) {
  console.error('[ensemble] start-up failed', error);
  reactRoot.render(<ErrorFallback />);
}
