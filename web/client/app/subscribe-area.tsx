import { Router } from 'wouter';
import { SubscribePage } from '../features/subscribe/index.js';
import ChatArea from './chat-area.js';

/**
 * /subscribe, inside the shared chat layout (app spec §2), so the chat is one click away before
 * subscribing. The layout's links are the chat area's, hence the /chat base.
 */
export default function SubscribeArea() {
  return (
    <Router base="/chat">
      <ChatArea>
        <SubscribePage />
      </ChatArea>
    </Router>
  );
}
