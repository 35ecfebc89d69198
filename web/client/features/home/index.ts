export { default as HomePage } from './routes/home-page.js';
