/** Public, non-secret facts the client shows. */
export const SUPPORT_EMAIL = 'support@ensemble-chat.app';
export const SUPPORT_HREF = `mailto:${SUPPORT_EMAIL}`;
export const COMPANY_NAME = 'Ensemble Labs';
