/** The account: profile, subscription status, marketing consent, the onboarding questionnaire, support look-ups. */
export * from './domain/account.js';
export * from './domain/profile.js';
export * from './domain/profiling-rules.js';
export * from './domain/profiling.js';
export * from './ports/profile-store.js';
export * from './ports/profile-writer.js';
export * from './ports/profiling-store.js';
export * from './ports/user-directory.js';
export * from './use-cases/get-account-status.js';
export * from './use-cases/get-marketing-consent.js';
export * from './use-cases/get-profiling-completed.js';
export * from './use-cases/get-profiling.js';
export * from './use-cases/look-up-user.js';
export * from './use-cases/remember-marketing-consent.js';
export * from './use-cases/save-profiling-step.js';
export * from './use-cases/turbo-check.js';
export * from './use-cases/update-marketing-consent.js';
