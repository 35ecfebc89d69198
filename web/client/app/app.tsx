import type { i18n as I18n } from 'i18next';
import { Suspense, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router, useSearch, useLocation } from 'wouter';
import { syncLanguageInUrl } from '../i18n/language-url.js';
import { ErrorBoundary } from '../ui/error-boundary.js';
import { PageLoading } from '../ui/page-loading.js';
import { ToastOutlet } from '../ui/toast-outlet.js';
import { AppRoutes } from './routes.js';
import { UseCasesProvider, useClientConfig, useUseCases, type ClientConfig, type ClientServices, type ClientUseCases, type SessionState } from '../use-cases/use-cases-provider.js';

export interface AppProps {
  i18n: I18n;
  /** The use cases, or the promise of them and the config while the composition chunk loads. */
  useCases: ClientUseCases | Promise<ClientServices>;
  config?: ClientConfig;
  /** A fixed session (tests); the session controller's otherwise. */
  session?: SessionState;
  /** A wouter location hook for tests (memoryLocation); the browser location otherwise. */
  routerHook?: Parameters<typeof Router>[0]['hook'];
}

export function App({ i18n, useCases, config, session, routerHook }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Router {...(routerHook ? { hook: routerHook } : {})}>
        <UseCasesProvider useCases={useCases} {...(config ? { config } : {})} {...(session ? { session } : {})}>
          <ErrorBoundary onError={(error) => console.error('[ensemble] render failed', error)}>
            <Suspense fallback={<PageLoading />}>
              <LanguageInUrl i18n={i18n} />
              <Suspense fallback={null}><SupportWidget /></Suspense>
              <AppRoutes />
            </Suspense>
            <Suspense fallback={null}><Toasts /></Suspense>
          </ErrorBoundary>
        </UseCasesProvider>
      </Router>
    </I18nextProvider>
  );
}

/** Navigation and redirects drop the query string; this puts `hl` back (app spec §2). */
function LanguageInUrl({ i18n }: { i18n: I18n }) {
  const [location] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (typeof window !== 'undefined' && i18n.resolvedLanguage) syncLanguageInUrl(i18n.resolvedLanguage);
  }, [location, search, i18n.resolvedLanguage]);
  return null;
}

function Toasts() {
  return <ToastOutlet center={useUseCases().toastCenter} />;
}

/** app spec §4: the support widget waits for the first interaction, an idle moment or 3000 ms. */
function SupportWidget() {
  const { loadDeferredScript } = useUseCases();
  const { supportWidgetSrc } = useClientConfig();
  useEffect(() => {
    if (supportWidgetSrc) void loadDeferredScript({ src: supportWidgetSrc, attributes: { async: 'true' } });
  }, [loadDeferredScript, supportWidgetSrc]);
  return null;
}
