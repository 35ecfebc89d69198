import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Conversation, SearchHit } from '../../../../../core/chat/index.js';
import { Brand } from '../../../ui/brand.js';
import { Button } from '../../../ui/button.js';
import { ConversationList } from './conversation-list.js';
import './chat.css';
import { BookIcon, ColumnsIcon, MenuIcon, PlusIcon, TrophyIcon } from '../../../ui/icons.js';

export interface ChatLayoutProps {
  conversations: readonly Conversation[] | undefined;
  activeId: string | null;
  /** null while the balance loads. */
  credits: number | null;
  subscribed: boolean;
  email: string | null;
  onNewChat: () => void;
  onRename: (id: string, title: string) => void;
  onPin: (id: string, pinned: boolean) => void;
  /** Older conversations than the list holds: whether there may be some, and how to add them. */
  older?: 'none' | 'more' | 'loading';
  onLoadOlder?: () => void;
  onDelete: (id: string) => void;
  onOpenAccount: () => void;
  /** Full-text search of the user's conversations (the sidebar's box, Ctrl/⌘+K). */
  search?: ((query: string) => Promise<readonly SearchHit[] | null>) | undefined;
  onOpenHit?: ((hit: SearchHit) => void) | undefined;
  children: ReactNode;
}

/** The shared chat layout: sidebar (new, views, history, credits, plan, account) and the main view. */
export function ChatLayout(props: ChatLayoutProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const close = () => setOpen(false);
  const credits = props.credits === null ? '…' : new Intl.NumberFormat(i18n.resolvedLanguage).format(props.credits);
  // Ctrl/⌘+K searches the chats from anywhere in the chat area (the sidebar opens on a phone);
  // Ctrl/⌘+Shift+O starts a new chat.
  const newChat = useRef(props.onNewChat);
  newChat.current = props.onNewChat;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (event.shiftKey && event.key.toLowerCase() === 'o') {
        event.preventDefault();
        setOpen(false);
        newChat.current();
        return;
      }
      if (event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      if (window.matchMedia?.('(max-width: 860px)').matches) setOpen(true);
      const box = document.getElementById('conversation-search');
      if (box instanceof HTMLInputElement) {
        box.focus();
        box.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className={open ? 'chat-layout chat-layout--open' : 'chat-layout'}>
      <a className="skip-link" href="#chat-main">{t('nav.skip')}</a>
      <header className="chat-mobilebar">
        <button type="button" className="btn btn--ghost btn--icon" aria-expanded={open} aria-controls="chat-sidebar"
          aria-label={t('sidebar.toggle')} onClick={() => setOpen(!open)}><MenuIcon size={18} /></button>
        <Brand />
        <span className="badge badge--accent" aria-label={t('sidebar.creditsAria', { credits })}>{credits}</span>
      </header>
      <aside id="chat-sidebar" className="chat-sidebar" aria-label={t('sidebar.label')}>
        <div className="chat-sidebar__top">
          <Brand />
          <Button block onClick={() => { props.onNewChat(); close(); }} icon={<PlusIcon />}>{t('sidebar.newChat')}</Button>
          <nav className="chat-sidebar__nav" aria-label={t('sidebar.views')}>
            <Link href="/all" onClick={close} className={location === '/all' ? 'chat-nav chat-nav--active' : 'chat-nav'}
              aria-current={location === '/all' ? 'page' : undefined}><ColumnsIcon /> {t('sidebar.allModels')}</Link>
            <Link href="/prompts" onClick={close} className={location === '/prompts' ? 'chat-nav chat-nav--active' : 'chat-nav'}
              aria-current={location === '/prompts' ? 'page' : undefined}><BookIcon /> {t('sidebar.library')}</Link>
            <Link href="~/leaderboard" onClick={close} className={location === '~/leaderboard' ? 'chat-nav chat-nav--active' : 'chat-nav'}
              aria-current={location === '~/leaderboard' ? 'page' : undefined}><TrophyIcon /> {t('sidebar.leaderboard')}</Link>
          </nav>
        </div>
        <ConversationList conversations={props.conversations} activeId={props.activeId} onRename={props.onRename} onPin={props.onPin} older={props.older ?? 'none'} {...(props.onLoadOlder ? { onLoadOlder: props.onLoadOlder } : {})}
          onDelete={props.onDelete} onNavigate={close} search={props.search} onOpenHit={props.onOpenHit} />
        <div className="chat-sidebar__bottom">
          <div className="credits" aria-live="polite">
            <span className="muted">{t('sidebar.credits')}</span>
            <strong className="credits__value">{credits}</strong>
          </div>
          <div className="row" style={{ justifyContent: 'space-between' }}>
            {props.subscribed ? (
              <span className="badge badge--success">{t('sidebar.subscribed')}</span>
            ) : (
              <>
                <span className="badge">{t('sidebar.notSubscribed')}</span>
                <Link href="~/subscribe" className="btn btn--primary btn--sm">{t('sidebar.subscribe')}</Link>
              </>
            )}
          </div>
          <button type="button" className="chat-account" onClick={() => { props.onOpenAccount(); close(); }}>
            <span className="chat-account__avatar" aria-hidden="true">{(props.email ?? '?').slice(0, 1).toUpperCase()}</span>
            <span className="chat-account__text">
              <span className="chat-account__label">{t('sidebar.account')}</span>
              <span className="chat-account__email">{props.email}</span>
            </span>
          </button>
        </div>
      </aside>
      {open ? <div className="chat-scrim" onClick={close} aria-hidden="true" /> : null}
      <main id="chat-main" className="chat-main" tabIndex={-1}>{props.children}</main>
    </div>
  );
}
