import { lazy } from 'react';

// Every page is its own chunk (app spec §2 "Pages load on demand"); the home route stays small.
const loadChat = () => import('../pages/chat-page.js');

export const pages = {
  Home: lazy(() => import('../pages/home-page.js')),
  PrivacyPolicy: lazy(() => import('../pages/privacy-page.js')),
  TermsOfUse: lazy(() => import('../pages/terms-page.js')),
  Faq: lazy(() => import('../pages/faq-page.js')),
  SignUp: lazy(() => import('../pages/signup-page.js')),
  AuthCallback: lazy(() => import('../pages/auth-callback-page.js')),
  Subscribe: lazy(() => import('../pages/subscribe-page.js')),
  Profiling: lazy(() => import('../pages/profiling-page.js')),
  Chat: lazy(loadChat),
  Shared: lazy(() => import('../pages/shared-page.js')),
};

/** app spec §4: the chat page is preloaded when the browser is idle. */
export const preloadChat = (): Promise<unknown> => loadChat();
