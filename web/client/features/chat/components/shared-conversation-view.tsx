import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state.js';
import { Skeleton } from '../../../ui/spinner.js';
import { shownTitle } from './conversation-title.js';
import { useTitle } from '../../../ui/use-title.js';
import { AnswerColumns } from './answer-columns.js';
import type { TurnView } from './chat-types.js';
import { MessageItem } from './message-item.js';
import './chat.css';

export interface SharedConversationViewProps {
  title: string | null;
  sharedAt: string | null;
  /** undefined while the link loads. */
  turns: readonly TurnView[] | undefined;
  /** The link does not exist or was turned off. */
  missing: boolean;
  labelOf: (modelId: string | null) => string | null;
}

/** A shared conversation, read-only: the same turns and columns as the chat, with no controls. */
export function SharedConversationView({ title, sharedAt, turns, missing, labelOf }: SharedConversationViewProps) {
  const { t, i18n } = useTranslation();
  const shown = title === null ? null : shownTitle(title, t);
  useTitle(shown ?? t('share.pageTitle'));
  if (missing) return <EmptyState title={t('share.missingTitle')}>{t('share.missingBody')}</EmptyState>;
  return (
    <article className="shared-view">
      <header className="shared-view__header">
        <p className="badge">{t('share.readOnly')}</p>
        <h1>{shown ?? <Skeleton width="60%" height={32} />}</h1>
        {sharedAt ? <p className="muted">{t('share.sharedOn', { date: new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(new Date(sharedAt)) })}</p> : null}
      </header>
      {turns === undefined ? (
        <div className="stack" aria-busy="true"><Skeleton height={40} /><Skeleton height={90} /></div>
      ) : (
        <ol className="chat-view__messages" aria-label={t('chat.messages')}>
          {turns.map((turn) => [
            turn.question ? <MessageItem key={turn.question.id} message={turn.question} modelLabel={null} /> : null,
            turn.columns
              ? <AnswerColumns key={`${turn.id}-columns`} answers={turn.answers} labelOf={labelOf} />
              : turn.answers.map((answer) => <MessageItem key={answer.id} message={answer} modelLabel={labelOf(answer.modelId)} />),
          ])}
        </ol>
      )}
    </article>
  );
}
