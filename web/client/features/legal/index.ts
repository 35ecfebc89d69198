export { default as FaqPage } from './routes/faq-page.js';
export { default as PrivacyPage } from './routes/privacy-page.js';
export { default as TermsPage } from './routes/terms-page.js';
