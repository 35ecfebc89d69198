import { useTranslation } from 'react-i18next';

export interface VersionSwitcherProps {
  /** Which version is shown (from 1) and how many there are. */
  readonly version: { readonly index: number; readonly count: number };
  /** Shows another version; absent while an answer is being written. */
  readonly onShow?: ((version: number) => void) | undefined;
}

/** ‹ 2/3 ›: the versions of an answer (regenerated, or by another model) or of a question (its edits, each a branch). */
export function VersionSwitcher({ version, onShow }: VersionSwitcherProps) {
  const { t } = useTranslation();
  const { index, count } = version;
  return (
    <span className="version-switcher" role="group" aria-label={t('versions.label', { index, count })}>
      <button type="button" className="version-switcher__step" aria-label={t('versions.previous')} disabled={!onShow || index <= 1}
        onClick={() => onShow?.(index - 1)}>‹</button>
      <span className="version-switcher__position" aria-hidden="true">{index}/{count}</span>
      <button type="button" className="version-switcher__step" aria-label={t('versions.next')} disabled={!onShow || index >= count}
        onClick={() => onShow?.(index + 1)}>›</button>
    </span>
  );
}
