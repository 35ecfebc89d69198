/** The interface: languages, toasts, analytics events, deferred third-party scripts. */
export { analyticsEventSchema } from './domain/analytics-events.js';
export type { AnalyticsEvent } from './domain/analytics-events.js';
export { FALLBACK_LANGUAGE, LANGUAGE_QUERY_PARAM, SELECTED_LANGUAGE_KEY, SUPPORTED_LANGUAGES, detectLanguage, readQueryParam, toSupportedLanguage, withLanguageParam } from './domain/language.js';
export type { Language } from './domain/language.js';
export type { Toast, ToastType } from './domain/toasts.js';
export type { AnalyticsTracker } from './ports/analytics-tracker.js';
export type { KeyValueStore } from './ports/key-value-store.js';
export type { ScriptLoader } from './ports/script-loader.js';
export { makeLoadDeferredScript } from './use-cases/load-deferred-script.js';
export { makeLoadTagManager } from './use-cases/load-tag-manager.js';
export { makeToastCenter } from './use-cases/toast-center.js';
export { makeTrackEvent, trackSafely } from './use-cases/track-event.js';
export type { TrackingDeps } from './use-cases/track-event.js';
