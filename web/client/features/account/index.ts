// The account dialog's page, shown inside the chat layout.
export { default as AccountRoute } from './routes/account-route.js';
