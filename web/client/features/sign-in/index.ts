export { default as AuthCallbackPage } from './routes/auth-callback-page.js';
export { default as SignUpPage } from './routes/signup-page.js';
