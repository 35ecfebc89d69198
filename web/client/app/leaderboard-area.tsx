import { Router } from 'wouter';
import { LeaderboardPage } from '../features/chat/index.js';
import ChatArea from './chat-area.js';

/**
 * /leaderboard, inside the shared chat layout, so the chats and "Compare my best" are one click
 * away. The layout's links are the chat area's, hence the /chat base.
 */
export default function LeaderboardArea() {
  return (
    <Router base="/chat">
      <ChatArea>
        <LeaderboardPage />
      </ChatArea>
    </Router>
  );
}
