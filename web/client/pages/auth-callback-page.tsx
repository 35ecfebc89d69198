import { AuthCallbackScreen } from '../screens/signup/auth-callback-screen.js';
import { SiteLayout } from '../ui/site-layout.js';

/** Wiring seam: the session use case reports whether the code exchange finished or failed. */
export default function AuthCallbackPage() {
  return (
    <SiteLayout>
      <AuthCallbackScreen status="finishing" />
    </SiteLayout>
  );
}
