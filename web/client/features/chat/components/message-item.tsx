import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.js';
import { Textarea } from '../../../ui/field.js';
import { AnswerError } from './answer-error.js';
import { AnswerMetrics } from './answer-metrics.js';
import { SentAttachments } from './attachment-views.js';
import type { MessageView } from './chat-types.js';
import { CopyButton } from './copy-button.js';
import { AnswerText } from './live-answer.js';
import { VersionSwitcher } from './version-switcher.js';
import { PencilIcon, RefreshIcon, SparkIcon } from '../../../ui/icons.js';

export interface MessageItemProps {
  message: MessageView;
  modelLabel: string | null;
  /** Offered on every question while nothing is being written: an earlier one branches from there. */
  onEdit?: ((text: string) => void) | undefined;
  /** Offered on the last answer. */
  onRegenerate?: (() => void) | undefined;
  /** ‹ 2/3 › of a message with versions (absent while an answer is being written: shown, not switchable). */
  onShowVersion?: ((version: number) => void) | undefined;
  /** Each new value opens the editor (↑ in an empty composer). */
  editRequest?: number | undefined;
}

/** One question or answer; drawn again only when its own props change (a streamed token redraws the streaming answer alone). */
export const MessageItem = memo(function MessageItem({ message, modelLabel, onEdit, onRegenerate, onShowVersion, editRequest }: MessageItemProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.content);
  // Only a new request opens the editor: a question shown later (the next turn) does not open
  // because ↑ was pressed once before it existed.
  const seen = useRef(editRequest);
  useEffect(() => {
    if (editRequest && editRequest !== seen.current) setEditing(true);
    seen.current = editRequest;
  }, [editRequest]);

  if (message.role === 'user') {
    return (
      <li id={`message-${message.id}`} className="message message--user">
        {editing && onEdit ? (
          <form className="message__edit" onSubmit={(event) => { event.preventDefault(); setEditing(false); onEdit(draft.trim()); }}>
            <label className="visually-hidden" htmlFor={`edit-${message.id}`}>{t('chat.editLabel')}</label>
            <Textarea id={`edit-${message.id}`} value={draft} autoFocus onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                // Esc cancels the edit, as the Cancel button does.
                if (event.key !== 'Escape') return;
                event.preventDefault();
                event.stopPropagation();
                setEditing(false);
                setDraft(message.content);
              }} />
            <div className="row" style={{ justifyContent: 'flex-end' }}>
              <Button variant="ghost" size="sm" onClick={() => { setEditing(false); setDraft(message.content); }}>{t('common.cancel')}</Button>
              <Button type="submit" size="sm" disabled={draft.trim() === ''}>{t('chat.saveAndSend')}</Button>
            </div>
          </form>
        ) : (
          <>
            {message.attachments && message.attachments.length > 0 ? <SentAttachments attachments={message.attachments} /> : null}
            <div className="message__bubble">{message.content}</div>
            {onEdit || message.version ? (
              <div className="message__tools">
                {message.version ? <VersionSwitcher version={message.version} onShow={onShowVersion} /> : null}
                {onEdit ? <button type="button" className="message__action" onClick={() => { setDraft(message.content); setEditing(true); }}><PencilIcon size={14} /> {t('chat.edit')}</button> : null}
              </div>
            ) : null}
          </>
        )}
      </li>
    );
  }

  return (
    <li id={`message-${message.id}`} className="message message--assistant" data-model-id={message.modelId ?? undefined} aria-busy={message.streaming || undefined}>
      <div className="message__meta">
        <span className="message__avatar" aria-hidden="true"><SparkIcon size={14} /></span>
        <span>{modelLabel ?? t('chat.assistant')}</span>
      </div>
      <AnswerText message={message} />
      {message.error ? <AnswerError error={message.error} onRetry={onRegenerate} labelOf={(id) => (id === message.modelId ? modelLabel : id)} /> : null}
      {!message.streaming ? <AnswerMetrics metrics={message.metrics} /> : null}
      {!message.streaming && message.content ? (
        <div className="message__actions">
          {message.version ? <VersionSwitcher version={message.version} onShow={onShowVersion} /> : null}
          <CopyButton text={message.content} />
          {onRegenerate ? <button type="button" className="message__action" onClick={onRegenerate}><RefreshIcon size={14} /> {t('chat.regenerate')}</button> : null}
        </div>
      ) : null}
    </li>
  );
});
