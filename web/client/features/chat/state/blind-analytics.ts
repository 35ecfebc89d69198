import type { AnalyticsEvent } from '../../../../../core/interface/index.js';

/**
 * The analytics events of a chat's answers, told only what the page tells. The data layer is read by
 * whatever the page loads, so before a blind turn's vote an event names no model of its columns: a
 * selection in a hidden column carries the column's label ("Model A"), and a column regenerated,
 * swapped or stopped carries neither its place (the order the models were asked in) nor a model.
 */

/** Copy or Add to chat on a selection of an answer; `hiddenLabel`: what its column is called while the model is hidden. */
export function selectionEvent(event: 'copy_selection' | 'add_selection_to_chat', modelId: string, hiddenLabel: string | null): AnalyticsEvent {
  return hiddenLabel === null ? { event, model_id: modelId } : { event, blind_label: hiddenLabel };
}

/** One column of the latest turn answered again, swapped or stopped; `hidden`: that turn is blind and not voted on. */
export function columnEvent(action: 'regenerate' | 'swap' | 'stop', column: number, modelId: string | undefined, hidden: boolean): AnalyticsEvent {
  if (hidden) return { event: 'column_changed', action, blind: true };
  return { event: 'column_changed', action, column, ...(modelId === undefined ? {} : { model_id: modelId }) };
}
