import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelInfo } from '../../../../core/domain/chat.js';
import { EmptyState } from '../../ui/empty-state.js';
import { useTitle } from '../../ui/use-title.js';
import { AnswerError } from './answer-error.js';
import type { ModelAnswerView } from './chat-types.js';
import { Composer } from './composer.js';
import { CopyButton } from './copy-button.js';
import { Markdown } from './markdown.js';
import { TypingDots } from './message-item.js';
import { ModelPicker } from './model-picker.js';
import { SelectionPopover, type SelectionActions } from './selection-popover.js';
import './chat.css';
import { ColumnsIcon } from '../../ui/icons.js';

export interface AllModelsViewProps {
  models: readonly ModelInfo[];
  selected: readonly string[];
  onSelectedChange: (modelIds: string[]) => void;
  subscribed: boolean;
  /** The prompt the columns answer, or null before the first one. */
  prompt: string | null;
  answers: readonly ModelAnswerView[];
  streaming: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  onCopySelection: SelectionActions['onCopy'];
  onAddSelectionToChat: SelectionActions['onAddToChat'];
}

/** One prompt, several models, answers side by side; columns scroll sideways on narrow screens. */
export function AllModelsView(props: AllModelsViewProps) {
  const { t } = useTranslation();
  const columns = useRef<HTMLDivElement>(null);
  useTitle(t('sidebar.allModels'));
  const labelOf = (id: string) => props.models.find((m) => m.id === id)?.label ?? id;
  return (
    <div className="chat-view all-models">
      <h1 className="visually-hidden">{t('sidebar.allModels')}</h1>
      <div className="chat-view__scroll">
        {props.prompt === null ? (
          <EmptyState icon={<ColumnsIcon size={32} />} title={t('allModels.emptyTitle')}>{t('allModels.emptyBody')}</EmptyState>
        ) : (
          <>
            <p className="all-models__prompt"><span className="muted">{t('allModels.prompt')}</span> {props.prompt}</p>
            <div className="all-models__columns" ref={columns} style={{ ['--columns' as string]: props.answers.length }}>
              {props.answers.map((answer) => (
                <section key={answer.modelId} className="all-models__column" data-model-id={answer.modelId} aria-labelledby={`col-${answer.modelId}`}
                  aria-busy={answer.streaming || undefined}>
                  <h2 id={`col-${answer.modelId}`} className="all-models__model">{labelOf(answer.modelId)}</h2>
                  {answer.content ? <Markdown text={answer.content} /> : answer.streaming ? <TypingDots /> : null}
                  {answer.error ? <AnswerError error={answer.error} /> : null}
                  {!answer.streaming && answer.content ? <div className="message__actions"><CopyButton text={answer.content} /></div> : null}
                </section>
              ))}
            </div>
            <SelectionPopover container={columns} onCopy={props.onCopySelection} onAddToChat={props.onAddSelectionToChat} />
          </>
        )}
      </div>
      <div className="chat-view__composer">
        <Composer onSend={props.onSend} onStop={props.onStop} streaming={props.streaming} disabled={props.selected.length === 0}
          placeholder={props.selected.length === 0 ? t('allModels.pickFirst') : t('allModels.placeholder', { count: props.selected.length })}
          tools={<ModelPicker multiple models={props.models} selected={props.selected} onChange={props.onSelectedChange} subscribed={props.subscribed} />} />
      </div>
    </div>
  );
}
