import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelInfo } from '../../../../../core/chat/index.js';
import { useBlindNames } from '../hooks/use-blind-compare.js';

export interface MergeBarProps {
  /** The models that may write the merged answer. */
  models: readonly ModelInfo[];
  /** The models that answered the turn, in order: the first one is offered first. */
  answeredBy: readonly string[];
  /** The model that wrote the turn's merge, if any: offered again (a merge shown keeps its model chosen). */
  mergedBy?: string | null | undefined;
  onMerge: (modelId: string) => void;
}

/** "Merge": a chosen model fuses the side-by-side answers into one, as a new column of the turn. */
export function MergeBar({ models, answeredBy, mergedBy, onMerge }: MergeBarProps) {
  const { t } = useTranslation();
  const id = useId();
  const preferred = [mergedBy, ...answeredBy].find((m) => models.some((x) => x.id === m)) ?? models[0]?.id ?? '';
  const [chosen, setChosen] = useState<string | null>(null);
  const modelId = chosen !== null && models.some((m) => m.id === chosen) ? chosen : preferred;
  // A blind turn not yet voted on is merged after the vote: the choice of model starts at one that
  // answered it, and lists the models by name.
  const { latestHidden } = useBlindNames();
  if (models.length === 0 || latestHidden) return null;
  return (
    <span className="merge-bar">
      <label className="visually-hidden" htmlFor={id}>{t('merge.modelLabel')}</label>
      <select id={id} className="select input merge-bar__model" value={modelId} onChange={(event) => setChosen(event.target.value)}>
        {models.map((m) => <option key={m.id} value={m.id}>{m.label}</option>)}
      </select>
      <button type="button" className="message__action" onClick={() => onMerge(modelId)} title={t('merge.hint')}>{t('merge.button')}</button>
    </span>
  );
}
