import { StrictMode } from 'react';
import { ensureDataLayer } from '../../adapters/analytics/data-layer.js';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { createI18n } from './i18n/i18n.js';
import { applyTheme, readTheme } from './ui/theme.js';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

// app spec §7: the data layer exists before anything can push to it or a tag manager reads it.
ensureDataLayer(window as { dataLayer?: unknown });
// The colour theme chosen on this browser, before the first paint.
applyTheme(readTheme(), false);

// The composition (config, supabase-js, inversify, adapters, use cases) is its own chunk, started
// now and in parallel with the first paint: the home route paints from React, i18n and the page
// code alone (DESIGN.md budget: home initial JavaScript <= 150 KB gzipped). Parts that need use
// cases suspend until it resolves; a failure reaches the error boundary.
const services = import('./app/compose.js').then((m) => m.compose());
services.catch((error: unknown) => console.error('[ensemble] start-up failed', error));

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// Translations load over HTTP (i18next-http-backend: retries 5xx and network failures, never 4xx),
// so translated text does not wait for the composition.
const { i18n } = createI18n();
createRoot(root).render(
  <StrictMode>
    <App i18n={i18n} useCases={services} />
  </StrictMode>,
);
