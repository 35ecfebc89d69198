// The one barrel of the core: every use case factory, for the composition root and tests.
export { makeCancelSubscription } from './cancel-subscription.js';
export { makeChangeLanguage } from './change-language.js';
export { makeCheckSubscription } from './check-subscription.js';
export { makeCompleteCheckout } from './complete-checkout.js';
export type { CheckoutReturn } from './complete-checkout.js';
export { makeCompleteRedirectSignIn } from './complete-redirect-sign-in.js';
export { makeCreateConversation } from './create-conversation.js';
export { makeDeleteConversation } from './delete-conversation.js';
export { makeDetectLanguage } from './detect-language.js';
export { makeEditLastMessage } from './edit-last-message.js';
export { makeGetAccountStatus } from './get-account-status.js';
export { makeGetBillingState } from './get-billing-state.js';
export { makeGetCreditBalance } from './get-credit-balance.js';
export { makeGetCredits } from './get-credits.js';
export { makeGetCurrentUser } from './get-current-user.js';
export { makeGetFeatureFlag } from './get-feature-flag.js';
export { makeGetProfilingCompleted } from './get-profiling-completed.js';
export { makeGetProfiling } from './get-profiling.js';
export { makeGrantCredits } from './grant-credits.js';
export { makeHandleBillingWebhook } from './handle-billing-webhook.js';
export type { BillingWebhookDeps, WebhookOutcome } from './handle-billing-webhook.js';
export { makeHandleSignedIn } from './handle-signed-in.js';
export type { HandleSignedInDeps } from './handle-signed-in.js';
export { makeListConversations } from './list-conversations.js';
export { makeListCreditHistory } from './list-credit-history.js';
export { makeListModels } from './list-models.js';
export { makeFindUser, makeLookUpUser } from './look-up-user.js';
export type { UserOverview } from './look-up-user.js';
export { makeLoadDeferredScript } from './load-deferred-script.js';
export type { DeferredScript } from './load-deferred-script.js';
export { makeLoadPlanOffer } from './load-plan-offer.js';
export { makeLoadTagManager } from './load-tag-manager.js';
export { makeLoadTranslations } from './load-translations.js';
export type { TranslationRetryPolicy } from './load-translations.js';
export { makeOpenConversation } from './open-conversation.js';
export { makeOpenCustomerPortal } from './open-customer-portal.js';
export { makeOpenPromptLibrary } from './open-prompt-library.js';
export { makeOpenPromptViewer } from './open-prompt-viewer.js';
export { makeRegenerateAnswer } from './regenerate-answer.js';
export { makeRememberMarketingConsent } from './remember-marketing-consent.js';
export { makeRenameConversation } from './rename-conversation.js';
export { makeListPromptCategories } from './list-prompt-categories.js';
export { makeResumeSubscription } from './resume-subscription.js';
export { makeGetCheckoutState } from './get-checkout-state.js';
export { makeResendEmailCode } from './resend-email-code.js';
export { makeRequestEmailCode } from './request-email-code.js';
export { makeRequestMagicLink } from './request-magic-link.js';
export { makeRunChat } from './run-chat.js';
export type { ChatDeps, RunChatInput } from './run-chat.js';
export { makeRunPrompt } from './run-prompt.js';
export { makeSaveProfilingStep } from './save-profiling-step.js';
export type { SaveProfilingStepInput } from './save-profiling-step.js';
export { makeSearchPrompts } from './search-prompts.js';
export { makeSessionController } from './session-controller.js';
export type { SessionState, SessionController, SessionControllerDeps } from './session-controller.js';
export { makeSetPromptFavorite } from './set-prompt-favorite.js';
export { makeSignInWithGoogle } from './sign-in-with-google.js';
export { makeSignOut } from './sign-out.js';
export { makeStartCheckout } from './start-checkout.js';
export { makeToastCenter } from './toast-center.js';
export type { ShowToast, ToastCenter } from './toast-center.js';
export { trackSafely, makeTrackEvent } from './track-event.js';
export type { TrackingDeps } from './track-event.js';
export { makeTurboCheck } from './turbo-check.js';
export { makeGetMarketingConsent } from './get-marketing-consent.js';
export { makeUpdateMarketingConsent } from './update-marketing-consent.js';
export { makeVerifyEmailCode } from './verify-email-code.js';
export type { CurrentUser } from './support/current-user.js';
export type { AuthErrorSink } from './support/sign-in-attempt.js';
export { makeEditChatMessage, makeRegenerateChatAnswers, makeSendChatMessage } from './chat-in-browser.js';
export {
  makeGetConversationShare,
  makeOpenSharedConversation,
  makeRevokeConversationShare,
  makeShareConversation,
  makeViewSharedConversation,
} from './share-conversation.js';
