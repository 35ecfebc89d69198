export { default as SubscribePage } from './routes/subscribe-page.js';
