import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { COMPANY_NAME, SUPPORT_EMAIL, SUPPORT_HREF } from './company.js';
import { TopBar } from './top-bar.js';

/** Frame of the public pages: skip link, top bar, main landmark, footer. */
export function SiteLayout({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">{t('nav.skip')}</a>
      <TopBar actions={actions} />
      <main id="main" className="site-main" tabIndex={-1}>{children}</main>
      <footer className="footer">
        <div className="container footer__inner">
          <span className="muted">© {new Date().getFullYear()} {COMPANY_NAME}</span>
          <ul className="footer__links">
            <li><Link href="/privacy-policy">{t('nav.privacy')}</Link></li>
            <li><Link href="/terms-of-use">{t('nav.terms')}</Link></li>
            <li><Link href="/faq">{t('nav.faq')}</Link></li>
            <li><a href={SUPPORT_HREF}>{SUPPORT_EMAIL}</a></li>
          </ul>
        </div>
      </footer>
    </>
  );
}
