import { lazy } from 'react';

// Every page is its own chunk (app spec §2 "Pages load on demand"); the home route stays small.
const loadChat = () => import('./chat-area.js');

export const pages = {
  Home: lazy(() => import('../features/home/routes/home-page.js')),
  PrivacyPolicy: lazy(() => import('../features/legal/routes/privacy-page.js')),
  TermsOfUse: lazy(() => import('../features/legal/routes/terms-page.js')),
  Faq: lazy(() => import('../features/legal/routes/faq-page.js')),
  SignUp: lazy(() => import('../features/sign-in/routes/signup-page.js')),
  AuthCallback: lazy(() => import('../features/sign-in/routes/auth-callback-page.js')),
  Subscribe: lazy(() => import('./subscribe-area.js')),
  Profiling: lazy(() => import('../features/onboarding/routes/profiling-page.js')),
  Chat: lazy(loadChat),
  Shared: lazy(() => import('../features/chat/routes/shared-page.js')),
};

/** app spec §4: the chat page is preloaded when the browser is idle. */
export const preloadChat = (): Promise<unknown> => loadChat();
