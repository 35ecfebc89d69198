import type { i18n as I18n } from 'i18next';
import { Suspense, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router, useSearch, useLocation } from 'wouter';
import { syncLanguageInUrl } from '../i18n/language-url.js';
import { ErrorBoundary } from '../ui/error-boundary.js';
import { PageLoading } from '../ui/page-loading.js';
import { ToastOutlet, type ToastSource } from '../ui/toast-outlet.js';
import { AppRoutes } from './routes.js';
import { UseCasesProvider, type ClientUseCases, type SessionState } from './use-cases-provider.js';

export interface AppProps {
  i18n: I18n;
  useCases: ClientUseCases;
  session?: SessionState;
  /** The core toast centre; its toasts show bottom right on every page. */
  toastCenter?: ToastSource;
  /** A wouter location hook for tests (memoryLocation); the browser location otherwise. */
  routerHook?: Parameters<typeof Router>[0]['hook'];
}

export function App({ i18n, useCases, session, toastCenter, routerHook }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Router {...(routerHook ? { hook: routerHook } : {})}>
        <UseCasesProvider useCases={useCases} {...(session ? { session } : {})}>
          <ErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              <LanguageInUrl i18n={i18n} />
              <AppRoutes />
            </Suspense>
            {toastCenter ? <Suspense fallback={null}><ToastOutlet center={toastCenter} /></Suspense> : null}
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
