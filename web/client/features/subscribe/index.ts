// The subscribe page, which the shell shows inside the chat layout.
export { default as SubscribePage } from './routes/subscribe-page.js';
