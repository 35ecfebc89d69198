import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.js';
import { SendIcon, StopIcon } from '../../ui/icons.js';
import { PlaceholderField } from './placeholder-field.js';

export interface ComposerProps {
  /** The draft: kept by the chat session, so a route change or a new answer never loses it. */
  value: string;
  onValueChange: (text: string) => void;
  onSend: (text: string) => void;
  onStop: () => void;
  streaming: boolean;
  /** Nothing can be sent yet (no model chosen); typing still works. */
  disabled?: boolean;
  /** Controls shown beside the send button (model picker). */
  tools?: ReactNode;
  placeholder?: string;
  /** ↑ in an empty box: edit the last message. */
  onEditLastRequest?: () => void;
}

/** Enter sends, Shift+Enter adds a line; while an answer streams the button stops it (typing goes on). */
export function Composer({ value, onValueChange, onSend, onStop, streaming, disabled = false, tools, placeholder, onEditLastRequest }: ComposerProps) {
  const { t } = useTranslation();
  const send = () => {
    const text = value.trim();
    if (!text || streaming || disabled) return;
    onSend(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === 'ArrowUp' && value === '' && onEditLastRequest && !streaming) {
      event.preventDefault();
      onEditLastRequest();
    }
  };
  return (
    <form className="composer" onSubmit={(event) => { event.preventDefault(); send(); }}>
      <label className="visually-hidden" htmlFor="composer-input">{t('chat.messageLabel')}</label>
      {/* A prompt's [placeholders] are highlighted, each a button that selects it. */}
      <PlaceholderField id="composer-input" className="composer__input" rows={1} value={value} placeholder={placeholder ?? t('chat.placeholder')}
        onChange={(event) => onValueChange(event.target.value)} onKeyDown={onKeyDown} />
      <div className="composer__bar">
        <div className="composer__tools">{tools}</div>
        {streaming ? (
          <Button variant="secondary" size="sm" onClick={onStop} icon={<StopIcon size={14} />}>{t('chat.stop')}</Button>
        ) : (
          <Button type="submit" size="sm" disabled={disabled || value.trim() === ''}>{t('chat.send')} <SendIcon size={14} /></Button>
        )}
      </div>
    </form>
  );
}
