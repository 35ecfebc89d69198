/** Injection tokens: plain symbols, one per port. Only adapters/composition binds them. */
export const TOKENS = {
  Authenticator: Symbol.for('ensemble.Authenticator'),
  ProfileStore: Symbol.for('ensemble.ProfileStore'),
  ProfileWriter: Symbol.for('ensemble.ProfileWriter'),
  ProfilingStore: Symbol.for('ensemble.ProfilingStore'),
  BillingGateway: Symbol.for('ensemble.BillingGateway'),
  AnalyticsTracker: Symbol.for('ensemble.AnalyticsTracker'),
  ModelGateway: Symbol.for('ensemble.ModelGateway'),
  ModelDirectory: Symbol.for('ensemble.ModelDirectory'),
  ChatClient: Symbol.for('ensemble.ChatClient'),
  ConversationStore: Symbol.for('ensemble.ConversationStore'),
  ConversationLibrary: Symbol.for('ensemble.ConversationLibrary'),
  PromptCatalog: Symbol.for('ensemble.PromptCatalog'),
  UsageLedger: Symbol.for('ensemble.UsageLedger'),
  CreditBalance: Symbol.for('ensemble.CreditBalance'),
  UserDirectory: Symbol.for('ensemble.UserDirectory'),
  KeyValueStore: Symbol.for('ensemble.KeyValueStore'),
  Clock: Symbol.for('ensemble.Clock'),
  Scheduler: Symbol.for('ensemble.Scheduler'),
  Logger: Symbol.for('ensemble.Logger'),
  ScriptLoader: Symbol.for('ensemble.ScriptLoader'),
  TranslationLoader: Symbol.for('ensemble.TranslationLoader'),
  WebhookInbox: Symbol.for('ensemble.WebhookInbox'),
} as const;

export type PortToken = (typeof TOKENS)[keyof typeof TOKENS];
