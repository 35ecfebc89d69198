import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Brand } from './brand.js';
import { LanguageSwitcher } from './language-switcher.js';

/** The site's top bar: brand, page links, optional actions (sign in, open app) and the language. */
export function TopBar({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="topbar">
      <div className="container topbar__inner">
        <Brand />
        <nav className="topbar__nav" aria-label={t('nav.main')}>
          <Link href="/faq" className="btn btn--ghost btn--sm">{t('nav.faq')}</Link>
          {actions}
          <LanguageSwitcher />
        </nav>
      </div>
    </header>
  );
}
