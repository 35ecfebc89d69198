// The chat feature's public face: its page is the shared layout the shell (app/) shows other features'
// pages in (library, account, /subscribe), and useChatArea is that layout's state (conversations, credits).
export { default as ChatPage } from './routes/chat-page.js';
export { default as LeaderboardPage } from './routes/leaderboard-page.js';
export { useChatArea } from './state/chat-context.js';
