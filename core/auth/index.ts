/** Signing in and the session: e-mail link and code, Google, the signed-in user. */
export * from './domain/auth.js';
export * from './domain/sign-in.js';
export * from './domain/signed-in.js';
export * from './ports/authenticator.js';
export * from './use-cases/complete-redirect-sign-in.js';
export * from './ports/current-user.js';
export * from './use-cases/get-current-user.js';
export * from './use-cases/handle-signed-in.js';
export * from './use-cases/request-email-code.js';
export * from './use-cases/request-magic-link.js';
export * from './use-cases/resend-email-code.js';
export * from './use-cases/session-controller.js';
export * from './use-cases/sign-in-attempt.js';
export * from './use-cases/sign-in-with-google.js';
export * from './use-cases/sign-out.js';
export * from './use-cases/verify-email-code.js';
export * from './use-cases/return-to.js';
