import { lazy, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Guard, type GuardArea } from './guard.js';
import { whenIdle } from './when-idle.js';

// Every page is its own chunk (app spec §2 "Pages load on demand"); the home route stays small.
const loadChat = () => import('./chat-area.js');

const pages = {
  Home: lazy(() => import('../features/home/routes/home-page.js')),
  PrivacyPolicy: lazy(() => import('../features/legal/routes/privacy-page.js')),
  TermsOfUse: lazy(() => import('../features/legal/routes/terms-page.js')),
  Faq: lazy(() => import('../features/legal/routes/faq-page.js')),
  SignUp: lazy(() => import('../features/sign-in/routes/signup-page.js')),
  AuthCallback: lazy(() => import('../features/sign-in/routes/auth-callback-page.js')),
  Subscribe: lazy(() => import('./subscribe-area.js')),
  Profiling: lazy(() => import('../features/onboarding/routes/profiling-page.js')),
  Chat: lazy(loadChat),
  Leaderboard: lazy(() => import('./leaderboard-area.js')),
  Shared: lazy(() => import('../features/chat/routes/shared-page.js')),
};

/** app spec §4: the chat page is preloaded when the browser is idle. */
const preloadChat = (): Promise<unknown> => loadChat();

const guarded = (page: ReactNode, area: GuardArea = 'public') => <Guard area={area}>{page}</Guard>;

/** The routes of app spec §2 with its redirects. */
export function AppRoutes() {
  useEffect(() => whenIdle(() => void preloadChat()), []);
  return (
    <Switch>
      <Route path="/">{guarded(<pages.Home />, 'open')}</Route>
      <Route path="/privacy-policy"><pages.PrivacyPolicy /></Route>
      <Route path="/terms-of-use"><pages.TermsOfUse /></Route>
      <Route path="/faq"><pages.Faq /></Route>
      <Route path="/s/:token">{(params) => <pages.Shared token={params.token} />}</Route>
      <Route path="/signup">{guarded(<pages.SignUp />, 'entry')}</Route>
      <Route path="/auth/callback">{guarded(<pages.AuthCallback />)}</Route>
      <Route path="/subscribe">{guarded(<pages.Subscribe />, 'member')}</Route>
      <Route path="/profiling">{guarded(<pages.Profiling />, 'profiling')}</Route>
      <Route path="/chat" nest>{guarded(<pages.Chat />, 'member')}</Route>
      <Route path="/leaderboard">{guarded(<pages.Leaderboard />, 'member')}</Route>
      <Route path="/auth"><Redirect to="/" replace /></Route>
      <Route path="/sandbox"><Redirect to="/chat" replace /></Route>
      <Route><Redirect to="/" replace /></Route>
    </Switch>
  );
}
