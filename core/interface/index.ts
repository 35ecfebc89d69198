/** The interface: languages, toasts, analytics events, deferred third-party scripts. */
export * from './domain/analytics-events.js';
export * from './domain/language.js';
export * from './domain/toasts.js';
export * from './ports/analytics-tracker.js';
export * from './ports/key-value-store.js';
export * from './ports/script-loader.js';
export * from './use-cases/load-deferred-script.js';
export * from './use-cases/load-tag-manager.js';
export * from './use-cases/toast-center.js';
export * from './use-cases/track-event.js';
