import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Prompt, PromptCategory } from '../../../../../core/prompts/index.js';
import { EmptyState } from '../../../ui/empty-state.js';
import { Skeleton } from '../../../ui/spinner.js';
import { FavoriteToggle } from './favorite-toggle.js';
import { PromptViewer } from './prompt-viewer.js';
import { useTitle } from '../../../ui/use-title.js';
import './library.css';
import { PencilIcon, PlusIcon, SearchIcon, StarIcon, TrashIcon } from '../../../ui/icons.js';
import { Button } from '../../../ui/button.js';

/** The prompts "Show more" asks for at a time (the size of the catalogue's first page too). */
export const LIBRARY_PAGE_SIZE = 20;

export type LibraryPrompt = Prompt & { readonly favorite: boolean };
export type FavoriteSource = 'library_card' | 'prompt_viewer';

export interface PromptLibraryProps {
  /** undefined while searching for the first time. */
  prompts: readonly LibraryPrompt[] | undefined;
  total: number;
  /** Each category's key and its label in the reader's language. */
  categories: readonly PromptCategory[];
  query: string;
  onQueryChange: (query: string) => void;
  category: string | null;
  onCategoryChange: (category: string | null) => void;
  favoritesOnly: boolean;
  onFavoritesOnlyChange: (favoritesOnly: boolean) => void;
  /** Only the user's own prompts ("Mine"); the filter is offered with its handler. */
  mineOnly?: boolean;
  onMineOnlyChange?: (mineOnly: boolean) => void;
  onOpen: (prompt: LibraryPrompt) => void;
  /** Runs the prompt with the placeholder values the user filled in. */
  onRun: (prompt: LibraryPrompt, params: Readonly<Record<string, string>>) => void;
  /** "New prompt", and "Edit" and "Delete" on the user's own prompts, are offered with their handlers. */
  onNew?: () => void;
  onEdit?: (prompt: LibraryPrompt) => void;
  onDelete?: (prompt: LibraryPrompt) => void;
  onToggleFavorite: (prompt: LibraryPrompt, source: FavoriteSource) => void;
  failed?: boolean;
  /** Asks for the next page of the same search; offered while fewer than `total` are listed. */
  onShowMore?: () => void;
  loadingMore?: boolean;
}

export function PromptLibrary(props: PromptLibraryProps) {
  const { t } = useTranslation();
  useTitle(t('library.title'));
  const [viewingId, setViewingId] = useState<string | null>(null);
  const mineOnly = props.mineOnly ?? false;
  const { onEdit, onDelete } = props;
  const viewing = props.prompts?.find((p) => p.id === viewingId) ?? null;
  const open = (prompt: LibraryPrompt) => {
    setViewingId(prompt.id);
    props.onOpen(prompt);
  };

  return (
    <div className="library">
      <header className="library__header">
        <div className="library__title">
          <h1>{t('library.title')}</h1>
          {props.onNew ? <Button icon={<PlusIcon />} onClick={props.onNew}>{t('library.newPrompt')}</Button> : null}
        </div>
        <p className="muted">{t('library.lead')}</p>
        <div className="library__search">
          <label className="visually-hidden" htmlFor="library-search">{t('library.search')}</label>
          <input id="library-search" type="search" className="input" placeholder={t('library.search')} value={props.query}
            onChange={(event) => props.onQueryChange(event.target.value)} />
          <p className="library__count muted" role="status">
            {props.prompts === undefined
              ? ''
              : props.prompts.length < props.total
                ? `${t('library.count', { count: props.total })} · ${t('library.showing', { shown: props.prompts.length, total: props.total })}`
                : t('library.count', { count: props.total })}
          </p>
        </div>
        <div className="library__filters" role="group" aria-label={t('library.filters')}>
          <button type="button" className="chip" aria-pressed={props.favoritesOnly} onClick={() => props.onFavoritesOnlyChange(!props.favoritesOnly)}>
            <StarIcon size={14} filled={props.favoritesOnly} /> {t('library.favorites')}
          </button>
          {props.onMineOnlyChange ? (
            <button type="button" className="chip" aria-pressed={mineOnly} onClick={() => props.onMineOnlyChange?.(!mineOnly)}>
              {t('library.mineFilter')}
            </button>
          ) : null}
          <span className="library__sep" aria-hidden="true" />
          <button type="button" className="chip" aria-pressed={props.category === null} onClick={() => props.onCategoryChange(null)}>
            {t('library.allCategories')}
          </button>
          {props.categories.map((category) => (
            <button key={category.id} type="button" className="chip" aria-pressed={props.category === category.id}
              onClick={() => props.onCategoryChange(props.category === category.id ? null : category.id)}>{category.label}</button>
          ))}
        </div>
      </header>

      {props.failed ? (
        <div className="alert alert--error library__body" role="alert"><p>{t('library.failed')}</p></div>
      ) : props.prompts === undefined ? (
        <div className="library__grid" aria-busy="true">{[0, 1, 2, 3, 4, 5].map((i) => <Skeleton key={i} height={132} />)}</div>
      ) : props.prompts.length === 0 ? (
        <EmptyState icon={<SearchIcon size={32} />}
          title={t(props.favoritesOnly ? 'library.noFavoritesTitle' : mineOnly && !props.query.trim() ? 'library.noMineTitle' : 'library.emptyTitle')}>
          {t(props.favoritesOnly ? 'library.noFavoritesBody' : mineOnly && !props.query.trim() ? 'library.noMineBody' : 'library.emptyBody')}
        </EmptyState>
      ) : (
        <ul className="library__grid">
          {props.prompts.map((prompt) => (
            <li key={prompt.id} className="card prompt-card">
              <div className="prompt-card__head">
                <span className="prompt-card__badges">
                  {prompt.mine ? <span className="badge badge--mine">{t('library.mine')}</span> : null}
                  {prompt.categoryLabel ? <span className="badge">{prompt.categoryLabel}</span> : null}
                </span>
                <FavoriteToggle favorite={prompt.favorite} title={prompt.title} onToggle={() => props.onToggleFavorite(prompt, 'library_card')} />
              </div>
              <h2 className="prompt-card__title">
                <button type="button" className="prompt-card__open" onClick={() => open(prompt)}>{prompt.title}</button>
              </h2>
              <p className="prompt-card__desc muted">{prompt.description}</p>
              {prompt.mine && onEdit && onDelete ? (
                <div className="prompt-card__own">
                  <Button variant="ghost" size="sm" icon={<PencilIcon size={14} />} aria-label={t('library.editNamed', { title: prompt.title })}
                    onClick={() => onEdit(prompt)}>{t('library.edit')}</Button>
                  <Button variant="ghost" size="sm" icon={<TrashIcon size={14} />} aria-label={t('library.deleteNamed', { title: prompt.title })}
                    onClick={() => onDelete(prompt)}>{t('library.delete')}</Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {!props.failed && props.prompts !== undefined && props.prompts.length > 0 && props.prompts.length < props.total && props.onShowMore ? (
        <div className="library__more">
          <Button variant="secondary" busy={props.loadingMore === true} onClick={props.onShowMore}>
            {t('library.showMore', { count: Math.min(LIBRARY_PAGE_SIZE, props.total - props.prompts.length) })}
          </Button>
        </div>
      ) : null}

      <PromptViewer prompt={viewing} onClose={() => setViewingId(null)} onRun={(p, params) => { setViewingId(null); props.onRun(p, params); }}
        onToggleFavorite={(p) => props.onToggleFavorite(p, 'prompt_viewer')} />
    </div>
  );
}
