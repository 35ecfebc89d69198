import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { HomeScreen } from '../screens/home/home-screen.js';
import { SiteLayout } from '../ui/site-layout.js';

/**
 * Wiring seam: the model catalogue and the plan offer come from the use cases through
 * useUseCases(); until they are plugged in the sections show their loading state.
 */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <SiteLayout actions={<Link href="/signup" className="btn btn--primary btn--sm">{t('nav.signIn')}</Link>}>
      <HomeScreen />
    </SiteLayout>
  );
}
