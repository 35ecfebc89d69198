import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSATIONS_EXPORT_FORMAT, type ConversationExport } from '../../../../../core/chat/index.js';
import { saveFile } from '../../../ui/save-file.js';
import { useUseCases } from '../../../use-cases/use-cases-provider.js';
import type { ChatsExportStatus } from '../components/chats-export-section.js';

/**
 * "Download all chats": reads every conversation with its settings and messages (exportConversations)
 * and saves them as one JSON file, the shape the server's export answers. Nothing is saved when a
 * conversation cannot be read: a file that lacks some would pass for a whole one.
 */
export function useChatsExport(): { status: ChatsExportStatus; download: () => Promise<void> } {
  const { t } = useTranslation();
  const { exportConversations, toastCenter } = useUseCases();
  const [status, setStatus] = useState<ChatsExportStatus>({ state: 'idle' });
  const download = useCallback(async () => {
    setStatus({ state: 'preparing', count: 0 });
    try {
      const started = await exportConversations();
      if (!started.success) {
        toastCenter.error(t('account.chats.failed'));
        return;
      }
      const conversations: ConversationExport[] = [];
      for await (const entry of started.data) {
        if (!entry.success) {
          toastCenter.error(t('account.chats.failed'));
          return;
        }
        conversations.push(entry.data);
        setStatus({ state: 'preparing', count: conversations.length });
      }
      const exportedAt = new Date();
      const file = { ...CONVERSATIONS_EXPORT_FORMAT, exportedAt: exportedAt.toISOString(), conversations };
      saveFile(`ensemble-chats-${exportedAt.toISOString().slice(0, 10)}.json`, `${JSON.stringify(file, null, 2)}\n`, 'application/json');
      toastCenter.success(t('account.chats.saved'));
    } finally {
      setStatus({ state: 'idle' });
    }
  }, [exportConversations, toastCenter, t]);
  return { status, download };
}
