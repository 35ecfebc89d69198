import type { Conversation, ModelInfo } from '../../../../core/chat/index.js';
import type { LedgerEntry } from '../../../../core/credits/index.js';
import type { Profiling } from '../../../../core/account/index.js';
import type { LibraryPrompt } from '../../../../web/client/features/library/components/prompt-library.js';

/** Readable sample data for screen tests (and screenshots); never shipped in the client. */
export const sampleModels: ModelInfo[] = [
  { id: 'gpt-4o-mini', label: 'GPT-4o mini', provider: 'openai', inputCreditsPer1k: 1, outputCreditsPer1k: 4, plan: 'free', available: true },
  { id: 'claude-sonnet', label: 'Claude Sonnet', provider: 'anthropic', inputCreditsPer1k: 6, outputCreditsPer1k: 30, plan: 'paid', available: true },
  { id: 'gemini-pro', label: 'Gemini Pro', provider: 'google', inputCreditsPer1k: 4, outputCreditsPer1k: 20, plan: 'paid', available: true },
  { id: 'llama-70b', label: 'Llama 3 70B', provider: 'openai-compatible', inputCreditsPer1k: 2, outputCreditsPer1k: 6, plan: 'free', available: false },
];

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, minutes)).toISOString();

export const sampleConversations: Conversation[] = [
  { id: 'c1', userId: 'u1', title: 'Quarterly report outline', createdAt: at(0), updatedAt: at(50) },
  { id: 'c2', userId: 'u1', title: 'Regex for invoice numbers', createdAt: at(1), updatedAt: at(40) },
  { id: 'c3', userId: 'u1', title: 'Trip to Lisbon', createdAt: at(2), updatedAt: at(30) },
];

export const samplePrompts: LibraryPrompt[] = [
  { id: 'p-summarize', title: 'Summarize a long document', category: 'Writing', categoryLabel: 'Writing', language: 'en', description: 'Get the key points, decisions and open questions.', body: 'Summarize the text below in five bullet points, then list decisions and open questions.\n\n{{text}}', tags: ['summary'], favorite: true },
  { id: 'p-review', title: 'Review my code', category: 'Coding', categoryLabel: 'Coding', language: 'en', description: 'A careful review with concrete suggestions.', body: 'Review this code for bugs, readability and performance. Suggest concrete changes.\n\n{{code}}', tags: ['code'], favorite: false },
  { id: 'p-plan', title: 'Plan a project', category: 'Planning', categoryLabel: 'Planning', language: 'en', description: 'Milestones, risks and a first week plan.', body: 'Help me plan this project: milestones, risks and what to do in the first week.\n\n{{project}}', tags: ['plan'], favorite: false },
];

export const sampleLedger: LedgerEntry[] = [
  { id: 'l3', userId: 'u1', kind: 'usage_charge', amount: -12, balanceAfter: 1988, reason: 'chat', reference: null, modelId: 'claude-sonnet', createdAt: at(50) },
  { id: 'l2', userId: 'u1', kind: 'subscription_grant', amount: 2000, balanceAfter: 2000, reason: 'plan', reference: 'order-1', modelId: null, createdAt: at(20) },
];

export const emptyProfiling: Profiling = {
  role: '', roleOther: '', companySize: '', workOutputs: [], workOutputOther: '',
  ensembleUse: '', ensembleUseOther: '', completed: false, currentStep: 0,
};
