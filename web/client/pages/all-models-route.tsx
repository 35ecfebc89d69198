import { useState } from 'react';
import { useLocation } from 'wouter';
import { useUseCases } from '../app/use-cases-provider.js';
import { AllModelsView } from '../screens/chat/all-models-view.js';
import { useChatArea } from './chat-context.js';
import { useChatRun } from './use-chat-run.js';

/** Quotes a selection with the model that wrote it, for the next chat's composer. */
export const quoteSelection = (modelId: string, text: string): string =>
  `${text.trim().split('\n').map((line) => `> ${line}`).join('\n')}\n> — ${modelId}\n\n`;

/** /chat/all: one prompt to several models side by side; selections can be copied or quoted into a chat. */
export default function AllModelsRoute() {
  const { runChat, trackEvent } = useUseCases();
  const area = useChatArea();
  const [, navigate] = useLocation();
  const runner = useChatRun();
  const [selected, setSelected] = useState<string[]>([]);
  const [prompt, setPrompt] = useState<string | null>(null);
  const usable = area.models.filter((m) => m.available && (m.plan === 'free' || area.subscribed));
  const chosen = selected.length > 0 ? selected : usable.slice(0, 2).map((m) => m.id);

  const send = async (text: string) => {
    setPrompt(text);
    await runner.run(chosen, (signal) => runChat({ message: text, modelIds: chosen, signal }));
    void area.refreshAccount();
    void area.refreshConversations();
  };

  return (
    <AllModelsView models={area.models} selected={chosen} onSelectedChange={setSelected} subscribed={area.subscribed} prompt={prompt}
      answers={runner.answers} streaming={runner.streaming} onSend={(text) => void send(text)} onStop={runner.stop}
      onCopySelection={(modelId) => void trackEvent({ event: 'copy_selection', model_id: modelId })}
      onAddSelectionToChat={(modelId, text) => {
        void trackEvent({ event: 'add_selection_to_chat', model_id: modelId });
        area.setDraft(quoteSelection(modelId, text));
        navigate('/');
      }} />
  );
}
