import { ChatView } from '../screens/chat/chat-view.js';

/** Wiring seam: messages, models and the streaming controls come from the chat use cases. */
export default function ChatRoute() {
  return (
    <ChatView messages={[]} models={[]} modelId={null} onModelChange={() => undefined} subscribed={false} streaming={false}
      onSend={() => undefined} onStop={() => undefined} onRegenerate={() => undefined} onEditLast={() => undefined} />
  );
}
