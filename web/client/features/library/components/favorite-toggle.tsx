import { useTranslation } from 'react-i18next';
import { StarIcon } from '../../../ui/icons.js';

export function FavoriteToggle({ favorite, title, onToggle, withText = false }: { favorite: boolean; title: string; onToggle: () => void; withText?: boolean }) {
  const { t } = useTranslation();
  const label = t(favorite ? 'library.unfavorite' : 'library.favorite', { title });
  return (
    <button type="button" className={favorite ? 'favorite favorite--on' : 'favorite'} aria-pressed={favorite}
      aria-label={withText ? undefined : label} title={label} onClick={onToggle}>
      <StarIcon filled={favorite} />
      {withText ? <span>{t(favorite ? 'library.inFavorites' : 'library.addFavorite')}</span> : null}
    </button>
  );
}
