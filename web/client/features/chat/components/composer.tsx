import { memo, useId, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPT_ATTRIBUTE } from '../../../../../core/chat/index.js';
import { Button } from '../../../ui/button.js';
import { PaperclipIcon, SendIcon, StopIcon } from '../../../ui/icons.js';
import { ComposerFiles, type ComposerFileView } from './attachment-views.js';
import { MESSAGE_BOX_ID } from './message-box-focus.js';
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
  /** Why nothing can be sent yet ("Loading models…"): said once there is text to send, and read with Send. */
  disabledReason?: string | null;
  /** Controls shown beside the send button (model picker). */
  tools?: ReactNode;
  placeholder?: string;
  /** ↑ in an empty box: edit the last message. */
  onEditLastRequest?: () => void;
  /** Files to send with the message; absent: the composer takes none. */
  files?: readonly ComposerFileView[];
  onAddFiles?: (files: File[]) => void;
  onRemoveFile?: (key: string) => void;
  /** Why the message cannot be sent as it is (a model that cannot read an attached image, uploads still running). */
  blockedReason?: string | null;
  /** What sending holds of the balance (null balance: still loading); absent: nothing is shown. */
  cost?: ComposerCost | null;
}

export interface ComposerCost {
  readonly held: number;
  readonly balance: number | null;
  /** What remains of the monthly spending cap (null or absent: no cap). */
  readonly capRemaining?: number | null;
  /** Where the conversation's context setting (or a model's window) leaves messages out or summarises them. */
  readonly context?: { readonly sent: number; readonly summarized: number; readonly total: number } | null;
}

/**
 * "Holds up to 12 credits · 988 left after", or that the balance is short; the server still decides.
 * When not the whole history is sent: "sends the last 20 of 84 messages".
 */
function CostLine({ cost }: { cost: ComposerCost }) {
  const { t } = useTranslation();
  const context = cost.context
    ? t(cost.context.summarized > 0 ? 'chat.cost.sendsLastSummary' : 'chat.cost.sendsLast', { sent: cost.context.sent, total: cost.context.total })
    : null;
  const tail = context ? ` · ${context}` : '';
  const holds = t('chat.cost.holds', { count: cost.held });
  if (cost.balance === null) return <span className="composer__cost">{holds}{tail}</span>;
  const short = cost.balance < cost.held;
  // The user's own monthly cap would refuse it: said before sending, with what is left of it.
  if (!short && cost.capRemaining !== undefined && cost.capRemaining !== null && cost.held > cost.capRemaining) {
    return (
      <span className="composer__cost composer__cost--short" data-held={cost.held} data-cap-remaining={cost.capRemaining}>
        {holds} · {t('spendingCap.costOverCap', { remaining: cost.capRemaining })}{tail}
      </span>
    );
  }
  return (
    <span className={short ? 'composer__cost composer__cost--short' : 'composer__cost'} data-held={cost.held}>
      {holds} · {short ? t('chat.cost.short', { balance: cost.balance }) : t('chat.cost.left', { left: cost.balance - cost.held })}{tail}
    </span>
  );
}

/**
 * Enter sends, Shift+Enter adds a line; while an answer streams the button stops it (typing goes on).
 * Files come in by the Attach button (a file picker), by dropping them on the composer, or by pasting.
 * Drawn again only when its own props change (a streamed token does not reach it).
 */
export const Composer = memo(function Composer(props: ComposerProps) {
  const { value, onValueChange, onSend, onStop, streaming, disabled = false, tools, placeholder, onEditLastRequest } = props;
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const takesFiles = props.onAddFiles !== undefined;
  const blocked = props.blockedReason ?? null;
  // Text typed before Send can take it stays, and the composer says what it waits for.
  const waitingId = useId();
  const waiting = disabled && !streaming && value.trim() !== '' ? (props.disabledReason ?? null) : null;
  const send = () => {
    const text = value.trim();
    if (!text || streaming || disabled || blocked) return;
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
  const add = (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (files.length > 0) props.onAddFiles?.(files);
  };
  const drop = takesFiles
    ? {
        onDragOver: (event: DragEvent) => {
          if (![...event.dataTransfer.types].includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          setDragging(false);
          add(event.dataTransfer.files);
        },
      }
    : {};
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    // A pasted screenshot or file is attached; pasted text is typed as usual.
    if (!takesFiles || event.clipboardData.files.length === 0) return;
    event.preventDefault();
    add(event.clipboardData.files);
  };
  return (
    <form className={dragging ? 'composer composer--dragging' : 'composer'} onSubmit={(event) => { event.preventDefault(); send(); }} {...drop}>
      {dragging ? <div className="composer__drop" aria-hidden="true">{t('attach.drop')}</div> : null}
      <label className="visually-hidden" htmlFor={MESSAGE_BOX_ID}>{t('chat.messageLabel')}</label>
      {props.files && props.onRemoveFile ? <ComposerFiles files={props.files} onRemove={props.onRemoveFile} /> : null}
      {/* A prompt's [placeholders] are highlighted, each a button that selects it. */}
      <PlaceholderField id={MESSAGE_BOX_ID} className="composer__input" rows={1} value={value} placeholder={placeholder ?? t('chat.placeholder')}
        onChange={(event) => onValueChange(event.target.value)} onKeyDown={onKeyDown} onPaste={onPaste} />
      {blocked ? <p className="composer__blocked" role="status">{blocked}</p> : null}
      <p className="composer__waiting" id={waitingId} aria-live="polite">{waiting}</p>
      <div className="composer__bar">
        <div className="composer__tools">
          {takesFiles ? (
            <>
              <input ref={picker} type="file" multiple accept={ACCEPT_ATTRIBUTE} className="visually-hidden" tabIndex={-1} aria-hidden="true"
                onChange={(event) => { add(event.target.files); event.target.value = ''; }} />
              <Button variant="ghost" size="sm" icon={<PaperclipIcon size={14} />} title={t('attach.limits')} onClick={() => picker.current?.click()}>
                {t('attach.button')}
              </Button>
            </>
          ) : null}
          {tools}
        </div>
        {props.cost && !streaming ? <CostLine cost={props.cost} /> : null}
        {streaming ? (
          <Button variant="secondary" size="sm" onClick={onStop} icon={<StopIcon size={14} />}>{t('chat.stop')}</Button>
        ) : (
          <Button type="submit" size="sm" disabled={disabled || value.trim() === '' || blocked !== null} aria-describedby={waiting ? waitingId : undefined}>
            {t('chat.send')} <SendIcon size={14} />
          </Button>
        )}
      </div>
    </form>
  );
});
