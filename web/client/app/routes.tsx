import { useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Guard, type GuardArea } from './guard.js';
import { pages, preloadChat } from './lazy-pages.js';
import { whenIdle } from './when-idle.js';

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
      <Route path="/auth"><Redirect to="/" replace /></Route>
      <Route path="/sandbox"><Redirect to="/chat" replace /></Route>
      <Route><Redirect to="/" replace /></Route>
    </Switch>
  );
}
