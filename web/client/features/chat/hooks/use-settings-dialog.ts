import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, ModelInfo, InstructionPreset } from '../../../../../core/chat/index.js';
import { NO_SETTINGS, type ConversationSettings } from '../../../../../core/chat/index.js';
import { useUseCases } from '../../../use-cases/use-cases-provider.js';
import type { SettingsDialogProps } from '../components/settings-dialog.js';
import { useChatArea } from '../state/chat-context.js';

/**
 * The settings dialog of the chat on screen: its rows are the models chosen for the next message,
 * those the conversation asked and those it keeps settings for; the presets load when it opens.
 */
export function useSettingsDialog(
  settings: ConversationSettings | undefined,
  catalogue: readonly ModelInfo[],
  selected: readonly string[],
  messages: readonly ChatMessage[] | undefined,
): { open: () => void; dialog: SettingsDialogProps } {
  const { t } = useTranslation();
  const { listInstructionPresets, saveInstructionPreset, deleteInstructionPreset, toastCenter } = useUseCases();
  // The session alone: the dialog reads none of its state, so a streamed token does not draw it again.
  const { session } = useChatArea();
  const [isOpen, setOpen] = useState(false);
  const [presets, setPresets] = useState<readonly InstructionPreset[] | undefined>(undefined);

  const loadPresets = useCallback(async () => {
    const listed = await listInstructionPresets();
    setPresets(listed.success ? listed.data : []);
  }, [listInstructionPresets]);

  const current = settings ?? NO_SETTINGS;
  const models = useMemo(() => {
    const asked = new Set([...selected, ...(messages ?? []).flatMap((m) => (m.role === 'assistant' && m.modelId ? [m.modelId] : [])), ...Object.keys(current.models)]);
    return catalogue.filter((m) => asked.has(m.id));
  }, [catalogue, selected, messages, current.models]);

  const failure = (code: string) => t(code === 'conflict' ? 'settings.presetLimit' : code === 'validation' ? 'settings.invalid' : 'toast.actionFailed');

  return {
    open: () => {
      setOpen(true);
      void loadPresets();
    },
    dialog: {
      open: isOpen,
      onClose: () => setOpen(false),
      settings: current,
      models,
      presets,
      onSave: async (next) => {
        const refused = await session.saveSettings(next);
        return refused ? failure(refused.error.code) : null;
      },
      onSavePreset: async (name, instruction) => {
        // Said in the dialog (not by a toast, which would cover its buttons).
        const saved = await saveInstructionPreset({ name, instruction });
        await loadPresets();
        return saved.success ? null : failure(saved.error.code);
      },
      onDeletePreset: (presetId) => {
        void deleteInstructionPreset({ presetId }).then(async (deleted) => {
          if (!deleted.success) toastCenter.error(t('toast.actionFailed'));
          await loadPresets();
        });
      },
    },
  };
}
