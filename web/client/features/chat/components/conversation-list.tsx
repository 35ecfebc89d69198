import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Conversation, SearchHit } from '../../../../../core/chat/index.js';
import { Button } from '../../../ui/button.js';
import { Modal } from '../../../ui/modal.js';
import { Skeleton } from '../../../ui/spinner.js';
import { PencilIcon, PinIcon, TrashIcon } from '../../../ui/icons.js';
import { SearchResults } from './search-results.js';

export interface ConversationListProps {
  conversations: readonly Conversation[] | undefined;
  activeId: string | null;
  onRename: (id: string, title: string) => void;
  /** Pins a conversation to the top of the list (true) or unpins it. */
  onPin: (id: string, pinned: boolean) => void;
  onDelete: (id: string) => void;
  onNavigate?: () => void;
  /** Whether older conversations than the list holds may exist ('more'), are being read, or there are none. */
  older?: 'none' | 'more' | 'loading';
  onLoadOlder?: () => void;
  /** Full-text search of titles and messages (null: it failed); without it the box filters titles. */
  search?: ((query: string) => Promise<readonly SearchHit[] | null>) | undefined;
  onOpenHit?: ((hit: SearchHit) => void) | undefined;
}

/** Searching starts at this many characters, once typing pauses. */
const SEARCH_FROM = 2;
const SEARCH_PAUSE_MS = 250;

export function ConversationList({ conversations, activeId, onRename, onPin, onDelete, onNavigate, older = 'none', onLoadOlder, search, onOpenHit }: ConversationListProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<{ query: string; hits: readonly SearchHit[] | null } | null>(null);
  const searching = search !== undefined && query.trim().length >= SEARCH_FROM;
  useEffect(() => {
    if (!search || query.trim().length < SEARCH_FROM) return;
    let current = true;
    const timer = setTimeout(() => {
      void search(query.trim()).then((found) => {
        if (current) setHits({ query: query.trim(), hits: found });
      });
    }, SEARCH_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search, query]);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const needle = query.trim().toLowerCase();
  const shown = conversations?.filter((c) => c.title.toLowerCase().includes(needle));
  // The server lists the pinned ones first; they get a heading of their own above the recent ones.
  const pinned = shown?.filter((c) => c.pinnedAt !== undefined) ?? [];
  const recent = shown?.filter((c) => c.pinnedAt === undefined) ?? [];
  const onlyPinned = !searching && pinned.length > 0 && recent.length === 0;
  // The end of the list offers the older chats the sidebar does not hold yet.
  const more = older === 'none' || onLoadOlder === undefined ? null : (
    <li className="conversations__more">
      <button type="button" className="btn btn--ghost btn--sm" onClick={onLoadOlder} disabled={older === 'loading'} aria-busy={older === 'loading'}>
        {older === 'loading' ? t('sidebar.loadingOlder') : t('sidebar.showOlder')}
      </button>
    </li>
  );
  const item = (c: Conversation) => (
    <li key={c.id} className={c.id === activeId ? 'conversation conversation--active' : 'conversation'}>
      {renaming === c.id ? (
        <RenameBox title={c.title} onDone={(title) => { setRenaming(null); if (title && title !== c.title) onRename(c.id, title); }} />
      ) : (
        <>
          <Link href={`/${c.id}`} className="conversation__link" aria-current={c.id === activeId ? 'page' : undefined} onClick={onNavigate}>
            {c.title || t('sidebar.untitled')}
          </Link>
          <span className="conversation__tools">
            <button type="button" className="btn btn--ghost btn--icon" onClick={() => onPin(c.id, c.pinnedAt === undefined)}
              aria-label={t(c.pinnedAt === undefined ? 'sidebar.pin' : 'sidebar.unpin', { title: c.title || t('sidebar.untitled') })}
              title={t(c.pinnedAt === undefined ? 'sidebar.pinShort' : 'sidebar.unpinShort')}><PinIcon size={14} filled={c.pinnedAt !== undefined} /></button>
            <button type="button" className="btn btn--ghost btn--icon" onClick={() => setRenaming(c.id)}
              aria-label={t('sidebar.rename', { title: c.title })} title={t('sidebar.renameShort')}><PencilIcon size={14} /></button>
            <button type="button" className="btn btn--ghost btn--icon" onClick={() => setDeleting(c)}
              aria-label={t('sidebar.delete', { title: c.title })} title={t('sidebar.deleteShort')}><TrashIcon size={14} /></button>
          </span>
        </>
      )}
    </li>
  );

  return (
    <div className="conversations">
      <label className="visually-hidden" htmlFor="conversation-search">{t('sidebar.search')}</label>
      <input id="conversation-search" type="search" className="input conversations__search" placeholder={t('sidebar.search')}
        aria-keyshortcuts="Control+K Meta+K" value={query} onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => { if (event.key === 'Escape' && query !== '') { event.stopPropagation(); setQuery(''); } }} />
      {!searching && pinned.length > 0 ? (
        <>
          <h2 className="conversations__heading" id="conversations-pinned">{t('sidebar.pinned')}</h2>
          <ul className="conversations__list conversations__list--pinned" aria-labelledby="conversations-pinned">{pinned.map(item)}{onlyPinned ? more : null}</ul>
        </>
      ) : null}
      {onlyPinned ? null : <h2 className="conversations__heading">{searching ? t('search.results') : t('sidebar.history')}</h2>}
      {searching ? (
        <SearchResults hits={hits?.query === query.trim() ? hits.hits : undefined} onOpen={(hit) => { onOpenHit?.(hit); onNavigate?.(); }} />
      ) : shown === undefined ? (
        <div className="stack" aria-busy="true">{[0, 1, 2, 3].map((i) => <Skeleton key={i} height={28} />)}</div>
      ) : shown.length === 0 ? (
        <p className="conversations__empty muted">{needle ? t('sidebar.noMatch') : t('sidebar.empty')}</p>
      ) : onlyPinned ? null : (
        <ul className="conversations__list">{recent.map(item)}{more}</ul>
      )}
      <Modal open={deleting !== null} title={t('sidebar.deleteTitle')} onClose={() => setDeleting(null)}
        footer={<>
          <Button variant="secondary" onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
          <Button variant="danger" onClick={() => { if (deleting) onDelete(deleting.id); setDeleting(null); }}>{t('sidebar.deleteConfirm')}</Button>
        </>}>
        <p>{t('sidebar.deleteBody', { title: deleting?.title ?? '' })}</p>
      </Modal>
    </div>
  );
}

function RenameBox({ title, onDone }: { title: string; onDone: (title: string | null) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(title);
  return (
    <form className="conversation__rename" onSubmit={(event) => { event.preventDefault(); onDone(value.trim() || null); }}>
      <label className="visually-hidden" htmlFor="rename-input">{t('sidebar.renameShort')}</label>
      <input id="rename-input" className="input" autoFocus value={value} maxLength={120}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => { if (event.key === 'Escape') onDone(null); }}
        onBlur={() => onDone(value.trim() || null)} />
    </form>
  );
}
