import { useCallback, useRef, useState } from 'react';
import type { Conversation } from '../../../../../core/chat/index.js';
import type { ClientUseCases } from '../../../use-cases/use-cases-provider.js';

/** Whether older conversations than the list holds may exist ('more'), are being read, or there are none. */
export type OlderConversations = 'none' | 'more' | 'loading';

/** Conversations per page of the sidebar's list (the most the API answers at once). */
const LIST_PAGE = 100;

/**
 * The sidebar's list: the first page, then older pages added on demand. Read again (after a new chat, a
 * rename, a delete), it reads as many conversations as it held, page after page, so the older ones shown
 * stay shown and a deleted one goes. `onLoadFailed` is told when an older page cannot be read.
 */
export function useConversationList(listConversations: ClientUseCases['listConversations'], onLoadFailed: () => void) {
  const [listed, setListed] = useState<readonly Conversation[] | undefined>(undefined);
  const [older, setOlder] = useState<OlderConversations>('none');
  // The list as last shown, and how many it holds once older pages are added.
  const shownNow = useRef<readonly Conversation[]>([]);
  const holding = useRef(LIST_PAGE);
  const failed = useRef(onLoadFailed);
  failed.current = onLoadFailed;
  const show = useCallback((list: readonly Conversation[], more: boolean) => {
    shownNow.current = list;
    setListed(list);
    setOlder(more ? 'more' : 'none');
  }, []);

  const refreshConversations = useCallback(async () => {
    const list: Conversation[] = [];
    let more = false;
    do {
      const last = list.at(-1);
      const page = await listConversations({ limit: LIST_PAGE, ...(last ? { after: last.id } : {}) });
      if (!page.success) {
        // A list that cannot be read shows as empty; when some pages were read, the rest is offered again.
        more = list.length > 0;
        break;
      }
      list.push(...page.data);
      more = page.data.length === LIST_PAGE;
    } while (more && list.length < holding.current);
    show(list, more);
  }, [listConversations, show]);

  const loadOlderConversations = useCallback(async () => {
    const shown = shownNow.current;
    const last = shown.at(-1);
    if (!last) return;
    setOlder('loading');
    const page = await listConversations({ limit: LIST_PAGE, after: last.id });
    if (!page.success) {
      // The last one was deleted meanwhile (in another tab): the list is read again from its start.
      if (page.error.code === 'not_found') return refreshConversations();
      failed.current();
      setOlder('more');
      return;
    }
    const known = new Set(shown.map((c) => c.id));
    const fresh = page.data.filter((c) => !known.has(c.id));
    holding.current = Math.max(LIST_PAGE, shown.length + LIST_PAGE);
    // Chats it holds already: the list changed meanwhile (activity in another tab moved the last one up),
    // so it is read again from its start, a page longer, in the server's order.
    if (fresh.length < page.data.length) return refreshConversations();
    show([...shown, ...fresh], page.data.length === LIST_PAGE);
  }, [listConversations, refreshConversations, show]);

  return { listed, olderConversations: older, refreshConversations, loadOlderConversations };
}
