// The prompt library, shown inside the chat layout.
export { default as LibraryRoute } from './routes/library-route.js';
