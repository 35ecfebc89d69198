import { makeChangeCredits, makeFindUser, makeGetAccountStatus, makeGetMarketingConsent, makeGetProfiling, makeGetProfilingCompleted, makeListSupportActions, makeLookUpUser, makeBeginSupportAction, makeCompleteSupportAction, makeAbandonSupportAction, makeListPendingSupportActions, makeRememberMarketingConsent, makeSaveProfilingStep, makeTurboCheck, makeUpdateMarketingConsent } from '../../core/account/index.js';
import { makeCompleteRedirectSignIn, makeGetCurrentUser, makeRememberReturnTo, makeTakeReturnTo, makeHandleSignedIn, makeRequestEmailCode, makeRequestMagicLink, makeResendEmailCode, makeSessionController, makeSignInWithGoogle, makeSignOut, makeVerifyEmailCode } from '../../core/auth/index.js';
import { makeCancelSubscription, makeCompleteCheckout, makeRememberPendingCheckout, makeTakePendingCheckout, makeGetBillingState, makeGetCheckoutState, makeHandleBillingWebhook, makeLoadPlanOffer, makeOpenCustomerPortal, makeResumeSubscription, makeStartCheckout } from '../../core/billing/index.js';
import { makeLastModelChoice, makeRememberModelChoice, makeListCompareVotes, makeListLeaderboard, makeRecordCompareVote, makeAttachFile, makeCreateConversation, makeDeleteConversation, makeDeleteInstructionPreset, makeEditChatMessage, makeEditLastMessage, makeFindLiveChatRun, makeGetAttachmentLink, makeGetConversationSettings, makeGetConversationShare, makeListConversations, makeListInstructionPresets, makeListMessages, makeListModels, makeLoadAttachment, makeMergeAnswers, makeMergeChatAnswers, makeOpenChat, makeOpenConversation, makeOpenSharedConversation, makePinConversation, makeExportConversations, makeReadAttachment, makeRegenerateAnswer, makeRegenerateChatAnswers, makeRemoveAttachment, makeRenameConversation, makeResumeChatRun, makeRevokeConversationShare, makeRunChat, makeSaveConversationSettings, makeSaveInstructionPreset, makeSearchConversations, makeSendChatMessage, makeShareConversation, makeShowMessage, makeStopChatRun, makeSummarizeChatConversation, makeSummarizeConversation, makeUploadAttachment, makeViewSharedConversation } from '../../core/chat/index.js';
import { makeGetCreditBalance, makeGetSpendingCap, makeGrantCredits, makeListCreditHistory, makeSetSpendingCap } from '../../core/credits/index.js';
import { makeLoadDeferredScript, makeLoadTagManager, makeToastCenter, makeTrackEvent } from '../../core/interface/index.js';
import {
  makeCreateOwnPrompt, makeDeleteOwnPrompt, makeEditOwnPrompt, makeListPromptCategories, makeOpenPromptLibrary, makeOpenPromptViewer, makeRunPrompt,
  makeSearchPrompts, makeSetPromptFavorite,
} from '../../core/prompts/index.js';
import type { Dependencies, DependencyName } from './ports.js';

/**
 * How a use case is made: the dependencies it cannot work without (`needs`, checked when it is
 * built, so a missing port is named), and its factory. The factory receives the entry point's
 * whole dependencies object, so optional ports it knows about (a logger, an attachment store) reach it.
 */
export interface Definition<K extends DependencyName, R> {
  readonly needs: readonly K[];
  readonly make: (deps: Pick<Dependencies, K> & Partial<Dependencies>) => R;
}

const uses = <K extends DependencyName, R>(needs: readonly K[], make: (deps: Pick<Dependencies, K> & Partial<Dependencies>) => R): Definition<K, R> => ({ needs, make });

const CHAT_TURN = ['modelGateway', 'conversationStore', 'usageLedger', 'logger', 'clock', 'profileStore', 'conversationTurns', 'currentUser'] as const;
const SIGN_IN = ['analytics', 'logger', 'authenticator', 'authErrors'] as const;
const PROMPTS = ['analytics', 'logger', 'currentUser', 'promptCatalog'] as const;

export const USE_CASE_DEFINITIONS = {
  // Session and sign-in (app spec §4, §7)
  getCurrentUser: uses(['authenticator'], makeGetCurrentUser),
  handleSignedIn: uses(['authenticator', 'analytics', 'keyValueStore', 'profileStore', 'scheduler', 'logger'], makeHandleSignedIn),
  sessionController: uses(['authenticator', 'logger', 'onSignedIn'], makeSessionController),
  requestMagicLink: uses([...SIGN_IN, 'origin'], makeRequestMagicLink),
  requestEmailCode: uses(SIGN_IN, makeRequestEmailCode),
  resendEmailCode: uses(['authenticator', 'logger'], makeResendEmailCode),
  verifyEmailCode: uses(SIGN_IN, makeVerifyEmailCode),
  signInWithGoogle: uses([...SIGN_IN, 'origin'], makeSignInWithGoogle),
  completeRedirectSignIn: uses(['authenticator', 'logger', 'authErrors'], makeCompleteRedirectSignIn),
  signOut: uses(['authenticator', 'logger', 'authErrors'], makeSignOut),
  rememberReturnTo: uses(['keyValueStore'], makeRememberReturnTo),
  takeReturnTo: uses(['keyValueStore'], makeTakeReturnTo),
  // Account and profiling (app spec §3, §4, §6)
  getAccountStatus: uses(['currentUser', 'profileStore'], makeGetAccountStatus),
  turboCheck: uses(['currentUser', 'profileStore', 'logger'], makeTurboCheck),
  getMarketingConsent: uses(['currentUser', 'profileStore'], makeGetMarketingConsent),
  updateMarketingConsent: uses(['currentUser', 'profileStore'], makeUpdateMarketingConsent),
  rememberMarketingConsent: uses(['keyValueStore', 'logger'], makeRememberMarketingConsent),
  getProfiling: uses(['currentUser', 'profilingStore'], makeGetProfiling),
  getProfilingCompleted: uses(['currentUser', 'profilingStore'], makeGetProfilingCompleted),
  saveProfilingStep: uses(['currentUser', 'profilingStore'], makeSaveProfilingStep),
  // Billing (app spec §6, §7)
  loadPlanOffer: uses(['billingGateway', 'logger', 'creditsPerPeriod'], makeLoadPlanOffer),
  startCheckout: uses(['analytics', 'logger', 'currentUser', 'billingGateway', 'profileStore'], makeStartCheckout),
  completeCheckout: uses(['analytics', 'logger', 'currentUser', 'billingGateway', 'keyValueStore'], makeCompleteCheckout),
  cancelSubscription: uses(['currentUser', 'billingGateway', 'logger'], makeCancelSubscription),
  resumeSubscription: uses(['currentUser', 'billingGateway', 'logger'], makeResumeSubscription),
  getCheckoutState: uses(['currentUser', 'billingGateway'], makeGetCheckoutState),
  openCustomerPortal: uses(['currentUser', 'billingGateway', 'logger'], makeOpenCustomerPortal),
  getBillingState: uses(['currentUser', 'billingGateway'], makeGetBillingState),
  rememberPendingCheckout: uses(['keyValueStore'], makeRememberPendingCheckout),
  takePendingCheckout: uses(['keyValueStore'], makeTakePendingCheckout),
  handleBillingWebhook: uses(['profileWriter', 'usageLedger', 'webhookInbox', 'logger', 'creditsPerPeriod', 'planProductId', 'billingGateway'], makeHandleBillingWebhook),
  // Credits
  getCreditBalance: uses(['currentUser', 'creditBalance'], makeGetCreditBalance),
  listCreditHistory: uses(['currentUser', 'creditBalance'], makeListCreditHistory),
  grantCredits: uses(['usageLedger', 'logger'], makeGrantCredits),
  getSpendingCap: uses(['currentUser', 'spendingCaps'], makeGetSpendingCap),
  setSpendingCap: uses(['currentUser', 'spendingCaps', 'analytics'], makeSetSpendingCap),
  // Support (CLI)
  findUser: uses(['userDirectory'], makeFindUser),
  lookUpUser: uses(['userDirectory', 'profileStore', 'profilingStore', 'usageLedger'], makeLookUpUser),
  changeCredits: uses(['supportJournal', 'logger'], makeChangeCredits),
  beginSupportAction: uses(['supportJournal'], makeBeginSupportAction),
  completeSupportAction: uses(['supportJournal'], makeCompleteSupportAction),
  abandonSupportAction: uses(['supportJournal'], makeAbandonSupportAction),
  listPendingSupportActions: uses(['supportJournal'], makeListPendingSupportActions),
  listSupportActions: uses(['supportJournal'], makeListSupportActions),
  // Chat on the server: the turn itself
  rememberModelChoice: uses(['keyValueStore'], makeRememberModelChoice),
  lastModelChoice: uses(['keyValueStore'], makeLastModelChoice),
  listModels: uses(['modelDirectory'], makeListModels),
  runChat: uses(CHAT_TURN, makeRunChat),
  regenerateAnswer: uses(CHAT_TURN, makeRegenerateAnswer),
  editLastMessage: uses(CHAT_TURN, makeEditLastMessage),
  mergeAnswers: uses(CHAT_TURN, makeMergeAnswers),
  summarizeConversation: uses(CHAT_TURN, makeSummarizeConversation),
  attachFile: uses(['currentUser', 'attachmentStore', 'documentText'], makeAttachFile),
  readAttachment: uses(['currentUser', 'attachmentStore'], makeReadAttachment),
  getAttachmentLink: uses(['currentUser', 'attachmentStore'], makeGetAttachmentLink),
  removeAttachment: uses(['currentUser', 'attachmentStore'], makeRemoveAttachment),
  openSharedConversation: uses(['conversationShares', 'conversationLibrary'], makeOpenSharedConversation),
  // Chat in the browser: runs on the app server
  sendChatMessage: uses(['currentUser', 'chatClient'], makeSendChatMessage),
  regenerateChatAnswers: uses(['currentUser', 'chatClient'], makeRegenerateChatAnswers),
  editChatMessage: uses(['currentUser', 'chatClient'], makeEditChatMessage),
  mergeChatAnswers: uses(['currentUser', 'chatClient'], makeMergeChatAnswers),
  summarizeChatConversation: uses(['currentUser', 'chatClient'], makeSummarizeChatConversation),
  resumeChatRun: uses(['currentUser', 'chatClient'], makeResumeChatRun),
  stopChatRun: uses(['currentUser', 'chatClient'], makeStopChatRun),
  findLiveChatRun: uses(['currentUser', 'chatClient'], makeFindLiveChatRun),
  openChat: uses(['currentUser', 'chatClient'], makeOpenChat),
  uploadAttachment: uses(['currentUser', 'attachmentClient'], makeUploadAttachment),
  loadAttachment: uses(['currentUser', 'attachmentClient'], makeLoadAttachment),
  viewSharedConversation: uses(['sharedConversations'], makeViewSharedConversation),
  // Conversations, their settings, search, instructions and share links (both sides)
  getConversationSettings: uses(['currentUser', 'conversationLibrary'], makeGetConversationSettings),
  saveConversationSettings: uses(['currentUser', 'conversationLibrary'], makeSaveConversationSettings),
  createConversation: uses(['currentUser', 'conversationLibrary'], makeCreateConversation),
  renameConversation: uses(['currentUser', 'conversationLibrary'], makeRenameConversation),
  pinConversation: uses(['currentUser', 'conversationLibrary'], makePinConversation),
  exportConversations: uses(['currentUser', 'conversationLibrary'], makeExportConversations),
  deleteConversation: uses(['currentUser', 'conversationLibrary'], makeDeleteConversation),
  listConversations: uses(['currentUser', 'conversationLibrary'], makeListConversations),
  openConversation: uses(['currentUser', 'conversationLibrary'], makeOpenConversation),
  listMessages: uses(['currentUser', 'conversationLibrary'], makeListMessages),
  showMessage: uses(['currentUser', 'conversationLibrary'], makeShowMessage),
  searchConversations: uses(['currentUser', 'conversationSearch'], makeSearchConversations),
  listInstructionPresets: uses(['currentUser', 'instructionPresets'], makeListInstructionPresets),
  saveInstructionPreset: uses(['currentUser', 'instructionPresets'], makeSaveInstructionPreset),
  deleteInstructionPreset: uses(['currentUser', 'instructionPresets'], makeDeleteInstructionPreset),
  getConversationShare: uses(['currentUser', 'conversationSharing', 'conversationLibrary'], makeGetConversationShare),
  shareConversation: uses(['currentUser', 'conversationSharing'], makeShareConversation),
  revokeConversationShare: uses(['currentUser', 'conversationSharing'], makeRevokeConversationShare),
  recordCompareVote: uses(['currentUser', 'compareVotes'], makeRecordCompareVote),
  listCompareVotes: uses(['currentUser', 'compareVotes'], makeListCompareVotes),
  listLeaderboard: uses(['currentUser', 'compareVotes'], makeListLeaderboard),
  // Prompt library (app spec §2, §7)
  openPromptLibrary: uses(PROMPTS, makeOpenPromptLibrary),
  searchPrompts: uses(PROMPTS, makeSearchPrompts),
  listPromptCategories: uses(['currentUser', 'promptCatalog'], makeListPromptCategories),
  openPromptViewer: uses(PROMPTS, makeOpenPromptViewer),
  runPrompt: uses(PROMPTS, makeRunPrompt),
  setPromptFavorite: uses(PROMPTS, makeSetPromptFavorite),
  createOwnPrompt: uses(['currentUser', 'promptCatalog'], makeCreateOwnPrompt),
  editOwnPrompt: uses(['currentUser', 'promptCatalog'], makeEditOwnPrompt),
  deleteOwnPrompt: uses(['currentUser', 'promptCatalog'], makeDeleteOwnPrompt),
  // Interface rules (app spec §2, §4, §7, §9)
  trackEvent: uses(['analytics', 'logger'], makeTrackEvent),
  toastCenter: uses(['scheduler'], makeToastCenter),
  loadDeferredScript: uses(['scheduler', 'scriptLoader', 'logger'], makeLoadDeferredScript),
  loadTagManager: uses(['scriptLoader', 'logger'], makeLoadTagManager),
};

type Definitions = typeof USE_CASE_DEFINITIONS;
export type UseCaseName = keyof Definitions;
export type UseCases = { readonly [K in UseCaseName]: ReturnType<Definitions[K]['make']> };
/** The dependencies a use case cannot be built without. */
export type NeedsOf<K extends UseCaseName> = Definitions[K]['needs'][number];

/** The use cases each entry point exposes. */
export const BROWSER_USE_CASES = [
  'getCurrentUser', 'sessionController', 'handleSignedIn', 'requestMagicLink', 'requestEmailCode', 'resendEmailCode', 'verifyEmailCode',
  'signInWithGoogle', 'completeRedirectSignIn', 'signOut', 'rememberReturnTo', 'takeReturnTo', 'rememberPendingCheckout', 'takePendingCheckout',
  'rememberModelChoice', 'lastModelChoice',
  'getAccountStatus', 'turboCheck', 'getMarketingConsent', 'updateMarketingConsent', 'rememberMarketingConsent', 'getProfiling', 'getProfilingCompleted',
  'saveProfilingStep', 'loadPlanOffer', 'startCheckout', 'completeCheckout', 'cancelSubscription', 'resumeSubscription',
  'openCustomerPortal', 'getCreditBalance', 'listCreditHistory', 'listModels', 'sendChatMessage', 'regenerateChatAnswers',
  'editChatMessage', 'createConversation', 'renameConversation', 'pinConversation', 'exportConversations', 'deleteConversation', 'listConversations',
  'openConversation', 'listMessages', 'showMessage', 'getConversationShare', 'shareConversation', 'revokeConversationShare', 'viewSharedConversation',
  'openPromptLibrary', 'searchPrompts', 'listPromptCategories', 'openPromptViewer', 'runPrompt', 'setPromptFavorite',
  'createOwnPrompt', 'editOwnPrompt', 'deleteOwnPrompt',
  'trackEvent', 'toastCenter', 'loadDeferredScript',
  'loadTagManager', 'getBillingState', 'mergeChatAnswers', 'summarizeChatConversation', 'getConversationSettings', 'saveConversationSettings',
  'searchConversations', 'listInstructionPresets', 'saveInstructionPreset', 'deleteInstructionPreset',
  'resumeChatRun', 'stopChatRun', 'findLiveChatRun', 'openChat',
  'uploadAttachment', 'loadAttachment',
  'recordCompareVote', 'listCompareVotes', 'listLeaderboard',
  'getSpendingCap', 'setSpendingCap',
] as const satisfies readonly UseCaseName[];

/** The server acts for the verified caller of each request (`forCaller`). */
export const SERVER_USE_CASES = [
  'getAccountStatus', 'loadPlanOffer', 'startCheckout', 'cancelSubscription', 'resumeSubscription', 'getCheckoutState', 'openCustomerPortal',
  'getCreditBalance', 'listCreditHistory', 'grantCredits', 'listModels', 'runChat', 'regenerateAnswer',
  'editLastMessage', 'createConversation', 'renameConversation', 'pinConversation', 'exportConversations', 'deleteConversation', 'listConversations',
  'openConversation', 'listMessages', 'showMessage', 'handleBillingWebhook', 'getBillingState', 'getConversationShare', 'shareConversation',
  'revokeConversationShare', 'openSharedConversation', 'mergeAnswers', 'summarizeConversation', 'getConversationSettings', 'saveConversationSettings',
  'searchConversations', 'listInstructionPresets', 'saveInstructionPreset', 'deleteInstructionPreset',
  'attachFile', 'readAttachment', 'getAttachmentLink', 'removeAttachment',
  'recordCompareVote', 'listCompareVotes', 'listLeaderboard',
  'getSpendingCap', 'setSpendingCap',
] as const satisfies readonly UseCaseName[];

/** The support program's use cases: users looked up and credited with the service role, each support action recorded with who did it. */
export const CLI_USE_CASES = ['findUser', 'lookUpUser', 'grantCredits', 'changeCredits', 'beginSupportAction', 'completeSupportAction', 'abandonSupportAction', 'listPendingSupportActions', 'listSupportActions'] as const satisfies readonly UseCaseName[];

export type BrowserUseCases = Pick<UseCases, (typeof BROWSER_USE_CASES)[number]>;
export type ServerUseCases = Pick<UseCases, (typeof SERVER_USE_CASES)[number]>;
export type CliUseCases = Pick<UseCases, (typeof CLI_USE_CASES)[number]>;

/** The server's use cases that act for nobody in particular: the public routes and the webhook use them. */
export type SharedServerUseCaseName = { [K in (typeof SERVER_USE_CASES)[number]]: 'currentUser' extends NeedsOf<K> ? never : K }[(typeof SERVER_USE_CASES)[number]];
export type SharedServerUseCases = Pick<UseCases, SharedServerUseCaseName>;
