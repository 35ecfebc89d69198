import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.js';
import { SendIcon, StopIcon } from '../../ui/icons.js';

export interface ComposerProps {
  onSend: (text: string) => void;
  onStop: () => void;
  streaming: boolean;
  disabled?: boolean;
  /** Controls shown beside the send button (model picker). */
  tools?: ReactNode;
  /** Text put into the box from outside (a prompt run, a quoted selection); changes replace the draft. */
  draft?: string;
  placeholder?: string;
}

/** Enter sends, Shift+Enter adds a line; while an answer streams the button stops it. */
export function Composer({ onSend, onStop, streaming, disabled = false, tools, draft = '', placeholder }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(draft);
  const [seenDraft, setSeenDraft] = useState(draft);
  if (draft !== seenDraft) {
    setSeenDraft(draft);
    setText(draft);
  }
  const send = () => {
    const value = text.trim();
    if (!value || streaming || disabled) return;
    onSend(value);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <form className="composer" onSubmit={(event) => { event.preventDefault(); send(); }}>
      <label className="visually-hidden" htmlFor="composer-input">{t('chat.messageLabel')}</label>
      <textarea id="composer-input" className="composer__input" rows={1} value={text} placeholder={placeholder ?? t('chat.placeholder')}
        onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} disabled={disabled} />
      <div className="composer__bar">
        <div className="composer__tools">{tools}</div>
        {streaming ? (
          <Button variant="secondary" size="sm" onClick={onStop} icon={<StopIcon size={14} />}>{t('chat.stop')}</Button>
        ) : (
          <Button type="submit" size="sm" disabled={disabled || text.trim() === ''}>{t('chat.send')} <SendIcon size={14} /></Button>
        )}
      </div>
    </form>
  );
}
