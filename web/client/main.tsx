import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { createI18n } from './i18n/i18n.js';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

// The composition root (adapters/composition) will hand its resolved use cases, the session and the
// toast centre to <App>, and the load-translations use case to createI18n (see README.md).
const useCases = {};

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
const { i18n } = createI18n();
createRoot(root).render(
  <StrictMode>
    <App i18n={i18n} useCases={useCases} />
  </StrictMode>,
);
