import { useTranslation } from 'react-i18next';
import type { SearchHit } from '../../../../../core/chat/index.js';
import { Skeleton } from '../../../ui/spinner.js';
import { shownTitle } from './conversation-title.js';

export interface SearchResultsProps {
  /** undefined while the search runs; null when it failed. */
  hits: readonly SearchHit[] | null | undefined;
  onOpen: (hit: SearchHit) => void;
}

const LEAD = 48;

/** The passage from shortly before its first match, so the match shows within the lines a hit has. */
export function aroundFirstMatch(parts: SearchHit['snippet']): SearchHit['snippet'] {
  const first = parts.findIndex((p) => p.match);
  const before = parts.slice(0, Math.max(first, 0)).map((p) => p.text).join('');
  if (first <= 0 || before.length <= LEAD) return parts;
  const cut = before.slice(-LEAD);
  const word = cut.indexOf(' ');
  return [{ text: `…${word === -1 ? cut : cut.slice(word)}`, match: false }, ...parts.slice(first)];
}

/** Where the words were found: the conversation, who wrote the passage, and the passage with the words marked. */
export function SearchResults({ hits, onOpen }: SearchResultsProps) {
  const { t } = useTranslation();
  if (hits === undefined) return <div className="stack" aria-busy="true">{[0, 1, 2].map((i) => <Skeleton key={i} height={44} />)}</div>;
  if (hits === null) return <p className="conversations__empty muted" role="status">{t('search.failed')}</p>;
  if (hits.length === 0) return <p className="conversations__empty muted" role="status">{t('search.none')}</p>;
  return (
    <ul className="search-results" aria-label={t('search.results')}>
      {hits.map((hit) => (
        <li key={`${hit.conversationId}-${hit.messageId ?? 'title'}`}>
          <button type="button" className="search-hit" onClick={() => onOpen(hit)}>
            <span className="search-hit__title">{shownTitle(hit.conversationTitle, t) || t('sidebar.untitled')}</span>
            <span className="search-hit__where muted">{hit.messageId === null ? t('search.inTitle') : hit.role === 'user' ? t('search.byYou') : t('search.byModel')}</span>
            {/* Plain text parts: React escapes them; the matches are <mark>, nothing else is markup. */}
            <span className="search-hit__snippet">
              {aroundFirstMatch(hit.snippet).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
