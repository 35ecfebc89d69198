import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelInfo } from '../../../../core/domain/chat.js';
import { EmptyState } from '../../ui/empty-state.js';
import { Skeleton } from '../../ui/spinner.js';
import { useTitle } from '../../ui/use-title.js';
import type { MessageView } from './chat-types.js';
import { Composer } from './composer.js';
import { MessageItem } from './message-item.js';
import { ModelPicker } from './model-picker.js';
import './chat.css';
import { SparkIcon } from '../../ui/icons.js';

export interface ChatViewProps {
  /** undefined while the conversation loads. */
  messages: readonly MessageView[] | undefined;
  models: readonly ModelInfo[];
  modelId: string | null;
  onModelChange: (modelId: string) => void;
  subscribed: boolean;
  streaming: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  onRegenerate: () => void;
  onEditLast: (text: string) => void;
  /** Text to start the composer with (a library prompt, a quoted selection). */
  draft?: string;
}

export function ChatView(props: ChatViewProps) {
  const { t } = useTranslation();
  const { messages, models, streaming } = props;
  useTitle(t('chat.heading'));
  const end = useRef<HTMLDivElement>(null);
  const lastContent = messages?.at(-1)?.content.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages?.length, lastContent]);

  const labelOf = (id: string | null) => models.find((m) => m.id === id)?.label ?? id;
  const lastUser = messages ? findLastIndex(messages, (m) => m.role === 'user') : -1;
  const lastIndex = (messages?.length ?? 0) - 1;

  return (
    <div className="chat-view">
      <h1 className="visually-hidden">{t('chat.heading')}</h1>
      <div className="chat-view__scroll">
        {messages === undefined ? (
          <div className="chat-view__messages stack" aria-busy="true">
            <Skeleton width="45%" height={40} style={{ alignSelf: 'flex-end' }} /><Skeleton height={90} /><Skeleton width="35%" height={40} style={{ alignSelf: 'flex-end' }} />
          </div>
        ) : messages.length === 0 ? (
          <EmptyState icon={<SparkIcon size={32} />} title={t('chat.emptyTitle')}>{t('chat.emptyBody')}</EmptyState>
        ) : (
          <ol className="chat-view__messages" aria-label={t('chat.messages')} aria-live="polite">
            {messages.map((message, i) => (
              <MessageItem key={message.id} message={message} modelLabel={labelOf(message.modelId)}
                onEdit={i === lastUser && !streaming ? props.onEditLast : undefined}
                onRegenerate={i === lastIndex && message.role === 'assistant' && !streaming ? props.onRegenerate : undefined} />
            ))}
          </ol>
        )}
        <div ref={end} />
      </div>
      <div className="chat-view__composer">
        <Composer onSend={props.onSend} onStop={props.onStop} streaming={streaming} draft={props.draft ?? ''}
          tools={<ModelPicker models={models} selected={props.modelId ? [props.modelId] : []}
            onChange={(ids) => ids[0] && props.onModelChange(ids[0])} subscribed={props.subscribed} />} />
      </div>
    </div>
  );
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i] as T)) return i;
  return -1;
}
