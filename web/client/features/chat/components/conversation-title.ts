import type { useTranslation } from 'react-i18next';
import { summarizedTitleOf } from '../../../../../core/chat/index.js';

/**
 * A conversation's title as the reader sees it: a conversation started from a summary is stored as
 * "Summary: <old title>" and shown with "Summary" in the reader's language; any other title as it is.
 */
export function shownTitle(title: string, t: ReturnType<typeof useTranslation>['t']): string {
  const old = summarizedTitleOf(title);
  return old === null ? title : t('chat.summaryTitle', { title: old });
}
