import { makeFindUser, makeGetAccountStatus, makeGetMarketingConsent, makeGetProfiling, makeGetProfilingCompleted, makeLookUpUser, makeRememberMarketingConsent, makeSaveProfilingStep, makeTurboCheck, makeUpdateMarketingConsent } from '../../core/account/index.js';
import { type AuthErrorSink, type SessionController, makeCompleteRedirectSignIn, makeGetCurrentUser, makeHandleSignedIn, makeRequestEmailCode, makeRequestMagicLink, makeResendEmailCode, makeSessionController, makeSignInWithGoogle, makeSignOut, makeVerifyEmailCode } from '../../core/auth/index.js';
import { makeCancelSubscription, makeCompleteCheckout, makeGetBillingState, makeGetCheckoutState, makeHandleBillingWebhook, makeLoadPlanOffer, makeOpenCustomerPortal, makeResumeSubscription, makeStartCheckout } from '../../core/billing/index.js';
import { makeAttachFile, makeCreateConversation, makeDeleteConversation, makeDeleteInstructionPreset, makeEditChatMessage, makeEditLastMessage, makeFindLiveChatRun, makeGetAttachmentLink, makeGetConversationSettings, makeGetConversationShare, makeListConversations, makeListInstructionPresets, makeListModels, makeLoadAttachment, makeMergeAnswers, makeMergeChatAnswers, makeOpenConversation, makeOpenSharedConversation, makeReadAttachment, makeRegenerateAnswer, makeRegenerateChatAnswers, makeRemoveAttachment, makeRenameConversation, makeResumeChatRun, makeRevokeConversationShare, makeRunChat, makeSaveConversationSettings, makeSaveInstructionPreset, makeSearchConversations, makeSendChatMessage, makeShareConversation, makeStopChatRun, makeUploadAttachment, makeViewSharedConversation } from '../../core/chat/index.js';
import { makeGetCreditBalance, makeGrantCredits, makeListCreditHistory } from '../../core/credits/index.js';
import { makeLoadDeferredScript, makeLoadTagManager, makeToastCenter, makeTrackEvent } from '../../core/interface/index.js';
import { makeListPromptCategories, makeOpenPromptLibrary, makeOpenPromptViewer, makeRunPrompt, makeSearchPrompts, makeSetPromptFavorite } from '../../core/prompts/index.js';
import type { Dependencies } from './dependencies.js';

/**
 * How each use case is made from the dependencies. `deps` resolves lazily, so a use case only
 * needs the ports it actually reads, and a container missing one fails when that use case is
 * resolved, naming the port. `use` reaches another use case (the session controller is the
 * error sink of the sign-in use cases and runs the SIGNED_IN rule).
 */
export interface Use {
  sessionController(): SessionController;
  handleSignedIn(): ReturnType<typeof makeHandleSignedIn>;
}
type Definition = (deps: Dependencies, use: Use) => unknown;

const withAuthErrors = (deps: Dependencies, use: Use): Dependencies & { authErrors: AuthErrorSink } =>
  Object.assign(Object.create(deps) as Dependencies, { authErrors: use.sessionController() });

export const USE_CASE_DEFINITIONS = {
  // Session and sign-in (app spec §4, §7)
  getCurrentUser: (d) => makeGetCurrentUser(d),
  handleSignedIn: (d) => makeHandleSignedIn(d),
  sessionController: (d, use) =>
    makeSessionController({ authenticator: d.authenticator, logger: d.logger, onSignedIn: use.handleSignedIn() }),
  requestMagicLink: (d, use) => makeRequestMagicLink(withAuthErrors(d, use)),
  requestEmailCode: (d, use) => makeRequestEmailCode(withAuthErrors(d, use)),
  resendEmailCode: (d) => makeResendEmailCode(d),
  verifyEmailCode: (d, use) => makeVerifyEmailCode(withAuthErrors(d, use)),
  signInWithGoogle: (d, use) => makeSignInWithGoogle(withAuthErrors(d, use)),
  completeRedirectSignIn: (d, use) => makeCompleteRedirectSignIn(withAuthErrors(d, use)),
  signOut: (d, use) => makeSignOut(withAuthErrors(d, use)),
  // Account and profiling (app spec §3, §4, §6)
  getAccountStatus: (d) => makeGetAccountStatus(d),
  turboCheck: (d) => makeTurboCheck(d),
  getMarketingConsent: (d) => makeGetMarketingConsent(d),
  updateMarketingConsent: (d) => makeUpdateMarketingConsent(d),
  rememberMarketingConsent: (d) => makeRememberMarketingConsent(d),
  getProfiling: (d) => makeGetProfiling(d),
  getProfilingCompleted: (d) => makeGetProfilingCompleted(d),
  saveProfilingStep: (d) => makeSaveProfilingStep(d),
  // Billing (app spec §6, §7)
  loadPlanOffer: (d) => makeLoadPlanOffer(d),
  startCheckout: (d) => makeStartCheckout(d),
  completeCheckout: (d) => makeCompleteCheckout(d),
  cancelSubscription: (d) => makeCancelSubscription(d),
  resumeSubscription: (d) => makeResumeSubscription(d),
  getCheckoutState: (d) => makeGetCheckoutState(d),
  openCustomerPortal: (d) => makeOpenCustomerPortal(d),
  getBillingState: (d) => makeGetBillingState(d),
  // Credits
  getCreditBalance: (d) => makeGetCreditBalance(d),
  listCreditHistory: (d) => makeListCreditHistory(d),
  grantCredits: (d) => makeGrantCredits(d),
  // Support (CLI)
  findUser: (d) => makeFindUser(d),
  lookUpUser: (d) => makeLookUpUser(d),
  handleBillingWebhook: (d) => makeHandleBillingWebhook(d),
  // Chat
  listModels: (d) => makeListModels(d),
  runChat: (d) => makeRunChat(d),
  sendChatMessage: (d) => makeSendChatMessage(d),
  regenerateChatAnswers: (d) => makeRegenerateChatAnswers(d),
  editChatMessage: (d) => makeEditChatMessage(d),
  regenerateAnswer: (d) => makeRegenerateAnswer(d),
  editLastMessage: (d) => makeEditLastMessage(d),
  mergeAnswers: (d) => makeMergeAnswers(d),
  mergeChatAnswers: (d) => makeMergeChatAnswers(d),
  resumeChatRun: (d) => makeResumeChatRun(d),
  stopChatRun: (d) => makeStopChatRun(d),
  findLiveChatRun: (d) => makeFindLiveChatRun(d),
  getConversationSettings: (d) => makeGetConversationSettings(d),
  saveConversationSettings: (d) => makeSaveConversationSettings(d),
  searchConversations: (d) => makeSearchConversations(d),
  listInstructionPresets: (d) => makeListInstructionPresets(d),
  saveInstructionPreset: (d) => makeSaveInstructionPreset(d),
  deleteInstructionPreset: (d) => makeDeleteInstructionPreset(d),
  attachFile: (d) => makeAttachFile(d),
  readAttachment: (d) => makeReadAttachment(d),
  getAttachmentLink: (d) => makeGetAttachmentLink(d),
  removeAttachment: (d) => makeRemoveAttachment(d),
  uploadAttachment: (d) => makeUploadAttachment(d),
  loadAttachment: (d) => makeLoadAttachment(d),
  createConversation: (d) => makeCreateConversation(d),
  renameConversation: (d) => makeRenameConversation(d),
  deleteConversation: (d) => makeDeleteConversation(d),
  listConversations: (d) => makeListConversations(d),
  openConversation: (d) => makeOpenConversation(d),
  getConversationShare: (d) => makeGetConversationShare(d),
  shareConversation: (d) => makeShareConversation(d),
  revokeConversationShare: (d) => makeRevokeConversationShare(d),
  openSharedConversation: (d) => makeOpenSharedConversation(d),
  viewSharedConversation: (d) => makeViewSharedConversation(d),
  // Prompt library (app spec §2, §7)
  openPromptLibrary: (d) => makeOpenPromptLibrary(d),
  searchPrompts: (d) => makeSearchPrompts(d),
  listPromptCategories: (d) => makeListPromptCategories(d),
  openPromptViewer: (d) => makeOpenPromptViewer(d),
  runPrompt: (d) => makeRunPrompt(d),
  setPromptFavorite: (d) => makeSetPromptFavorite(d),
  // Interface rules (app spec §2, §4, §7, §9)
  trackEvent: (d) => makeTrackEvent(d),
  toastCenter: (d) => makeToastCenter(d),
  loadDeferredScript: (d) => makeLoadDeferredScript(d),
  loadTagManager: (d) => makeLoadTagManager(d),
} satisfies Record<string, Definition>;

type Definitions = typeof USE_CASE_DEFINITIONS;
export type UseCaseName = keyof Definitions;
export type UseCases = { readonly [K in UseCaseName]: ReturnType<Definitions[K]> };

/** The use cases each entry point exposes. */
export const BROWSER_USE_CASES = [
  'getCurrentUser', 'sessionController', 'handleSignedIn', 'requestMagicLink', 'requestEmailCode', 'resendEmailCode', 'verifyEmailCode',
  'signInWithGoogle', 'completeRedirectSignIn', 'signOut',
  'getAccountStatus', 'turboCheck', 'getMarketingConsent', 'updateMarketingConsent', 'rememberMarketingConsent', 'getProfiling', 'getProfilingCompleted',
  'saveProfilingStep', 'loadPlanOffer', 'startCheckout', 'completeCheckout', 'cancelSubscription', 'resumeSubscription',
  'openCustomerPortal', 'getCreditBalance', 'listCreditHistory', 'listModels', 'sendChatMessage', 'regenerateChatAnswers',
  'editChatMessage', 'createConversation', 'renameConversation', 'deleteConversation', 'listConversations',
  'openConversation', 'getConversationShare', 'shareConversation', 'revokeConversationShare', 'viewSharedConversation',
  'openPromptLibrary', 'searchPrompts', 'listPromptCategories', 'openPromptViewer', 'runPrompt', 'setPromptFavorite',
  'trackEvent', 'toastCenter', 'loadDeferredScript',
  'loadTagManager', 'getBillingState', 'mergeChatAnswers', 'getConversationSettings', 'saveConversationSettings',
  'searchConversations', 'listInstructionPresets', 'saveInstructionPreset', 'deleteInstructionPreset',
  'resumeChatRun', 'stopChatRun', 'findLiveChatRun',
  'uploadAttachment', 'loadAttachment',
] as const satisfies readonly UseCaseName[];

/** The server acts per request for the verified caller (see `forRequest`). */
export const SERVER_USE_CASES = [
  'getAccountStatus', 'loadPlanOffer', 'startCheckout', 'cancelSubscription', 'resumeSubscription', 'getCheckoutState', 'openCustomerPortal',
  'getCreditBalance', 'listCreditHistory', 'grantCredits', 'listModels', 'runChat', 'regenerateAnswer',
  'editLastMessage', 'createConversation', 'renameConversation', 'deleteConversation', 'listConversations',
  'openConversation', 'handleBillingWebhook', 'getBillingState', 'getConversationShare', 'shareConversation',
  'revokeConversationShare', 'openSharedConversation', 'mergeAnswers', 'getConversationSettings', 'saveConversationSettings',
  'searchConversations', 'listInstructionPresets', 'saveInstructionPreset', 'deleteInstructionPreset',
  'attachFile', 'readAttachment', 'getAttachmentLink', 'removeAttachment',
] as const satisfies readonly UseCaseName[];

export const CLI_USE_CASES = ['getAccountStatus', 'getCreditBalance', 'listCreditHistory', 'grantCredits', 'listModels', 'findUser', 'lookUpUser'] as const satisfies readonly UseCaseName[];
