import { render, type RenderResult } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { VirtuosoMockContext } from 'react-virtuoso';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import en from '../../../../web/public/locales/en/translation.json' with { type: 'json' };
import { UseCasesProvider, type SessionState } from '../../../../web/client/use-cases/use-cases-provider.js';
import { inMemoryUseCases } from './in-memory-use-cases.js';

/** An i18n instance holding the real English file, ready synchronously. */
export function englishI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

/** The app as rendered whole (App), its chat list drawing turns as renderUi's does. */
export const withListSizes = (ui: ReactNode) => <VirtuosoMockContext.Provider value={LIST_SIZES}>{ui}</VirtuosoMockContext.Provider>;

export interface RenderOptions {
  path?: string;
  session?: SessionState;
}

/**
 * happy-dom lays nothing out: the chat's windowed list draws its turns as if each were 100 px tall in a
 * tall viewport, and each element observed is reported once at its (empty) size, as a browser does
 * when it starts observing. The list draws its turns a few frames after it mounts (findBy…).
 */
const LIST_SIZES = { viewportHeight: 20_000, itemHeight: 100 };
if (typeof window !== 'undefined' && typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    constructor(private readonly report: ResizeObserverCallback) {}
    observe(target: Element) {
      this.report([{ target, contentRect: target.getBoundingClientRect() } as ResizeObserverEntry], this);
    }
    unobserve() {}
    disconnect() {}
  };
}

/** Renders UI the way the app does: English, a memory router, and the use-cases provider. */
export function renderUi(ui: ReactNode, { path = '/', session }: RenderOptions = {}): RenderResult & { location: () => string } {
  const memory = memoryLocation({ path, record: true });
  const result = render(
    <I18nextProvider i18n={englishI18n()}>
      <Router hook={memory.hook}>
        <UseCasesProvider useCases={inMemoryUseCases().useCases} {...(session ? { session } : {})}>
          <VirtuosoMockContext.Provider value={LIST_SIZES}>{ui}</VirtuosoMockContext.Provider>
        </UseCasesProvider>
      </Router>
    </I18nextProvider>,
  );
  return Object.assign(result, { location: () => memory.history?.at(-1) ?? path });
}
