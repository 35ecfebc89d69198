import * as uc from '../../core/use-cases/index.js';
import type { Dependencies } from './dependencies.js';

/**
 * How each use case is made from the dependencies. `deps` resolves lazily, so a use case only
 * needs the ports it actually reads, and a container missing one fails when that use case is
 * resolved, naming the port. `use` reaches another use case (the session controller is the
 * error sink of the sign-in use cases and runs the SIGNED_IN rule).
 */
export interface Use {
  sessionController(): uc.SessionController;
  handleSignedIn(): ReturnType<typeof uc.makeHandleSignedIn>;
}
type Definition = (deps: Dependencies, use: Use) => unknown;

const withAuthErrors = (deps: Dependencies, use: Use): Dependencies & { authErrors: uc.AuthErrorSink } =>
  Object.assign(Object.create(deps) as Dependencies, { authErrors: use.sessionController() });

export const USE_CASE_DEFINITIONS = {
  // Session and sign-in (app spec §4, §7)
  getCurrentUser: (d) => uc.makeGetCurrentUser(d),
  handleSignedIn: (d) => uc.makeHandleSignedIn(d),
  sessionController: (d, use) =>
    uc.makeSessionController({ authenticator: d.authenticator, logger: d.logger, onSignedIn: use.handleSignedIn() }),
  requestMagicLink: (d, use) => uc.makeRequestMagicLink(withAuthErrors(d, use)),
  requestEmailCode: (d, use) => uc.makeRequestEmailCode(withAuthErrors(d, use)),
  resendEmailCode: (d) => uc.makeResendEmailCode(d),
  verifyEmailCode: (d, use) => uc.makeVerifyEmailCode(withAuthErrors(d, use)),
  signInWithGoogle: (d, use) => uc.makeSignInWithGoogle(withAuthErrors(d, use)),
  completeRedirectSignIn: (d, use) => uc.makeCompleteRedirectSignIn(withAuthErrors(d, use)),
  signOut: (d, use) => uc.makeSignOut(withAuthErrors(d, use)),
  // Account and profiling (app spec §3, §4, §6)
  checkSubscription: (d) => uc.makeCheckSubscription(d),
  getFeatureFlag: (d) => uc.makeGetFeatureFlag(d),
  getCredits: (d) => uc.makeGetCredits(d),
  getAccountStatus: (d) => uc.makeGetAccountStatus(d),
  turboCheck: (d) => uc.makeTurboCheck(d),
  getMarketingConsent: (d) => uc.makeGetMarketingConsent(d),
  updateMarketingConsent: (d) => uc.makeUpdateMarketingConsent(d),
  rememberMarketingConsent: (d) => uc.makeRememberMarketingConsent(d),
  getProfiling: (d) => uc.makeGetProfiling(d),
  getProfilingCompleted: (d) => uc.makeGetProfilingCompleted(d),
  saveProfilingStep: (d) => uc.makeSaveProfilingStep(d),
  // Billing (app spec §6, §7)
  loadPlanOffer: (d) => uc.makeLoadPlanOffer(d),
  startCheckout: (d) => uc.makeStartCheckout(d),
  completeCheckout: (d) => uc.makeCompleteCheckout(d),
  cancelSubscription: (d) => uc.makeCancelSubscription(d),
  resumeSubscription: (d) => uc.makeResumeSubscription(d),
  getCheckoutState: (d) => uc.makeGetCheckoutState(d),
  openCustomerPortal: (d) => uc.makeOpenCustomerPortal(d),
  getBillingState: (d) => uc.makeGetBillingState(d),
  // Credits
  getCreditBalance: (d) => uc.makeGetCreditBalance(d),
  listCreditHistory: (d) => uc.makeListCreditHistory(d),
  grantCredits: (d) => uc.makeGrantCredits(d),
  // Support (CLI)
  findUser: (d) => uc.makeFindUser(d),
  lookUpUser: (d) => uc.makeLookUpUser(d),
  handleBillingWebhook: (d) => uc.makeHandleBillingWebhook(d),
  // Chat
  listModels: (d) => uc.makeListModels(d),
  runChat: (d) => uc.makeRunChat(d),
  sendChatMessage: (d) => uc.makeSendChatMessage(d),
  regenerateChatAnswers: (d) => uc.makeRegenerateChatAnswers(d),
  editChatMessage: (d) => uc.makeEditChatMessage(d),
  regenerateAnswer: (d) => uc.makeRegenerateAnswer(d),
  editLastMessage: (d) => uc.makeEditLastMessage(d),
  mergeAnswers: (d) => uc.makeMergeAnswers(d),
  mergeChatAnswers: (d) => uc.makeMergeChatAnswers(d),
  resumeChatRun: (d) => uc.makeResumeChatRun(d),
  stopChatRun: (d) => uc.makeStopChatRun(d),
  findLiveChatRun: (d) => uc.makeFindLiveChatRun(d),
  getConversationSettings: (d) => uc.makeGetConversationSettings(d),
  saveConversationSettings: (d) => uc.makeSaveConversationSettings(d),
  searchConversations: (d) => uc.makeSearchConversations(d),
  listInstructionPresets: (d) => uc.makeListInstructionPresets(d),
  saveInstructionPreset: (d) => uc.makeSaveInstructionPreset(d),
  deleteInstructionPreset: (d) => uc.makeDeleteInstructionPreset(d),
  attachFile: (d) => uc.makeAttachFile(d),
  readAttachment: (d) => uc.makeReadAttachment(d),
  getAttachmentLink: (d) => uc.makeGetAttachmentLink(d),
  removeAttachment: (d) => uc.makeRemoveAttachment(d),
  uploadAttachment: (d) => uc.makeUploadAttachment(d),
  loadAttachment: (d) => uc.makeLoadAttachment(d),
  createConversation: (d) => uc.makeCreateConversation(d),
  renameConversation: (d) => uc.makeRenameConversation(d),
  deleteConversation: (d) => uc.makeDeleteConversation(d),
  listConversations: (d) => uc.makeListConversations(d),
  openConversation: (d) => uc.makeOpenConversation(d),
  getConversationShare: (d) => uc.makeGetConversationShare(d),
  shareConversation: (d) => uc.makeShareConversation(d),
  revokeConversationShare: (d) => uc.makeRevokeConversationShare(d),
  openSharedConversation: (d) => uc.makeOpenSharedConversation(d),
  viewSharedConversation: (d) => uc.makeViewSharedConversation(d),
  // Prompt library (app spec §2, §7)
  openPromptLibrary: (d) => uc.makeOpenPromptLibrary(d),
  searchPrompts: (d) => uc.makeSearchPrompts(d),
  listPromptCategories: (d) => uc.makeListPromptCategories(d),
  openPromptViewer: (d) => uc.makeOpenPromptViewer(d),
  runPrompt: (d) => uc.makeRunPrompt(d),
  setPromptFavorite: (d) => uc.makeSetPromptFavorite(d),
  // Interface rules (app spec §2, §4, §7, §9)
  trackEvent: (d) => uc.makeTrackEvent(d),
  detectLanguage: (d) => uc.makeDetectLanguage(d),
  changeLanguage: (d) => uc.makeChangeLanguage(d),
  loadTranslations: (d) => uc.makeLoadTranslations(d),
  toastCenter: (d) => uc.makeToastCenter(d),
  loadDeferredScript: (d) => uc.makeLoadDeferredScript(d),
  loadTagManager: (d) => uc.makeLoadTagManager(d),
} satisfies Record<string, Definition>;

type Definitions = typeof USE_CASE_DEFINITIONS;
export type UseCaseName = keyof Definitions;
export type UseCases = { readonly [K in UseCaseName]: ReturnType<Definitions[K]> };

/** The use cases each entry point exposes. */
export const BROWSER_USE_CASES = [
  'getCurrentUser', 'sessionController', 'handleSignedIn', 'requestMagicLink', 'requestEmailCode', 'resendEmailCode', 'verifyEmailCode',
  'signInWithGoogle', 'completeRedirectSignIn', 'signOut', 'checkSubscription', 'getFeatureFlag', 'getCredits',
  'getAccountStatus', 'turboCheck', 'getMarketingConsent', 'updateMarketingConsent', 'rememberMarketingConsent', 'getProfiling', 'getProfilingCompleted',
  'saveProfilingStep', 'loadPlanOffer', 'startCheckout', 'completeCheckout', 'cancelSubscription', 'resumeSubscription',
  'openCustomerPortal', 'getCreditBalance', 'listCreditHistory', 'listModels', 'sendChatMessage', 'regenerateChatAnswers',
  'editChatMessage', 'createConversation', 'renameConversation', 'deleteConversation', 'listConversations',
  'openConversation', 'getConversationShare', 'shareConversation', 'revokeConversationShare', 'viewSharedConversation',
  'openPromptLibrary', 'searchPrompts', 'listPromptCategories', 'openPromptViewer', 'runPrompt', 'setPromptFavorite',
  'trackEvent', 'detectLanguage', 'changeLanguage', 'loadTranslations', 'toastCenter', 'loadDeferredScript',
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
