import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toSubscriptionSummary, type SubscriptionSummary } from '../../../core/billing/index.js';
import { PROVIDER_IDS } from '../../../core/chat/index.js';
import { LEDGER_KINDS } from '../../../core/credits/index.js';

/**
 * Lists and mappings the product keeps in one place: the kinds of credit-ledger line, the summary
 * of a subscription, the fields of a chat message sent to the models and the model providers. Every other file reads
 * them from there; these detectors find a copy written out by hand in the source tree.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const SOURCE_DIRS = ['core', 'adapters', 'web', 'cli', 'scripts'];
// The npm workspaces (the billing client, the stand-ins) speak outside services' own vocabularies and
// import nothing of the product, so they keep their own lists: they are not the product's sources.
const PACKAGE_DIRS = ['adapters/billing-client/', 'adapters/stand-ins/'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const allSources = (): { file: string; code: string }[] =>
  SOURCE_DIRS.flatMap((dir) => sourceFiles(join(root, dir)))
    .map((path) => ({ file: relative(root, path).split(sep).join('/'), path }))
    .filter(({ file }) => !PACKAGE_DIRS.some((dir) => file.startsWith(dir)))
    .map(({ file, path }) => ({ file, code: readFileSync(path, 'utf8') }));

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ── The ledger kinds ─────────────────────────────────────────────────────────────────────────────

/** Two or more of the kinds in a row, as an array, a set, a z.enum or a union type spells them. */
function ledgerKindListsIn(code: string): string[] {
  const kind = `['"\`](?:${LEDGER_KINDS.map(escape).join('|')})['"\`]`;
  return [...code.matchAll(new RegExp(`${kind}(?:\\s*[,|]\\s*${kind})+`, 'g'))].map((m) => m[0]);
}

// ── The subscription summary ─────────────────────────────────────────────────────────────────────

const SAMPLE_SUMMARY: SubscriptionSummary = {
  id: 'sub', status: 'active', productId: 'prod', amount: 1, currency: 'usd', currentPeriodStart: '', currentPeriodEnd: null,
  cancelAtPeriodEnd: false, endsAt: null, cancellationReason: null,
};
/** The summary's fields, as the one mapping writes them. */
const SUMMARY_FIELDS = Object.keys(toSubscriptionSummary(SAMPLE_SUMMARY));

/**
 * A mapping to the summary: an object literal that copies most of its fields one by one
 * (`currentPeriodEnd: s.currentPeriodEnd`), or an arrow that answers a SubscriptionSummary literal.
 * A record that shares a few fields (a billing event's `productId`, `cancelAtPeriodEnd`) is not one.
 */
function subscriptionSummaryMappingsIn(code: string): string[] {
  const copied = SUMMARY_FIELDS.filter((field) => new RegExp(`\\b${field}\\s*:\\s*[\\w$]+(?:\\?)?\\.${field}\\b`).test(code));
  const found = copied.length >= Math.ceil(SUMMARY_FIELDS.length / 2) ? [`copies ${copied.join(', ')}`] : [];
  const literal = /\)\s*:\s*SubscriptionSummary\s*=>\s*\(\s*\{/.exec(code);
  return literal ? [...found, literal[0]] : found;
}

// ── The chat message sent to the models ──────────────────────────────────────────────────────────

/** The bodies of `z.object({…})` and `z.strictObject({…})` calls and of interfaces and type literals. */
function objectBodies(code: string): string[] {
  const bodies: string[] = [];
  for (const start of code.matchAll(/z\.(?:strictObject|object|looseObject)\(\s*\{|interface\s+\w+(?:<[^>]*>)?(?:\s+extends\s+[^{]+)?\s*\{|=\s*\{/g)) {
    let depth = 0;
    const from = (start.index ?? 0) + start[0].length - 1;
    for (let i = from; i < code.length; i += 1) {
      if (code[i] === '{') depth += 1;
      if (code[i] === '}') depth -= 1;
      if (depth === 0) {
        bodies.push(code.slice(from, i + 1));
        break;
      }
    }
  }
  return bodies;
}

/**
 * The send shape written out: an optional conversation, a message and the models, all three, as a
 * schema (`conversationId: conversationIdSchema.optional(), message: messageSchema, modelIds:
 * modelIdsSchema`) or a type (`conversationId?: string; message: string; modelIds: readonly string[]`).
 */
function sendChatShapesIn(code: string): string[] {
  const asSchema = (b: string) =>
    /\bconversationId\s*:\s*conversationIdSchema\s*\.optional\(\)/.test(b) && /\bmessage\s*:\s*messageSchema\b/.test(b) && /\bmodelIds\s*:\s*modelIdsSchema\s*[,}\n]/.test(b);
  const asType = (b: string) =>
    /\bconversationId\?\s*:\s*string\s*[;,\n]/.test(b) && /\bmessage\s*:\s*string\s*[;,\n]/.test(b) && /\bmodelIds\s*:\s*(?:readonly\s+string\[\]|string\[\]|ReadonlyArray<string>)/.test(b);
  return objectBodies(code).filter((b) => asSchema(b) || asType(b));
}

// ── The model providers ──────────────────────────────────────────────────────────────────────────

const providerId = `['"\`](?:${PROVIDER_IDS.map(escape).join('|')})['"\`]`;
/** An entry of a table of providers, `{ id: 'openai', … }`, with the comment that may precede it. */
const providerRow = `(?:/\\*[^]*?\\*/\\s*)?\\{\\s*id\\s*:\\s*${providerId}[^{}]*\\}`;

/**
 * Two or more provider ids in a row, as an array, a z.enum or a union type spells them, or two or
 * more rows of a table keyed by them. A `Record<ModelProvider, …>` (unquoted keys, checked by the
 * typecheck) and a single id (`provider: 'anthropic'`) are not a list.
 */
function providerIdListsIn(code: string): string[] {
  const spelled = [...code.matchAll(new RegExp(`${providerId}(?:\\s*[,|]\\s*${providerId})+`, 'g'))];
  const tabled = [...code.matchAll(new RegExp(`${providerRow}(?:\\s*,\\s*${providerRow})+`, 'g'))];
  return [...spelled, ...tabled].map((m) => m[0]);
}

// ── The tree ─────────────────────────────────────────────────────────────────────────────────────

const SOURCES = {
  ledgerKinds: 'core/credits/domain/credits.ts',
  subscriptionSummary: 'core/billing/domain/billing.ts',
  sendChat: 'core/chat/domain/send-chat.ts',
  providers: 'core/chat/domain/providers.ts',
};

const offenders = (detect: (code: string) => string[], source: string): string[] =>
  allSources()
    .filter(({ file }) => file !== source)
    .flatMap(({ file, code }) => detect(code).map((found) => `${file}: ${found.replace(/\s+/g, ' ').slice(0, 120)}`));

describe('one source for each list and mapping', () => {
  it('the ledger kinds are listed only in the credits core', () => {
    expect(ledgerKindListsIn(readFileSync(join(root, SOURCES.ledgerKinds), 'utf8'))).toHaveLength(1);
    expect(offenders(ledgerKindListsIn, SOURCES.ledgerKinds)).toEqual([]);
  });

  it('a subscription summary is mapped only in the billing core', () => {
    expect(subscriptionSummaryMappingsIn(readFileSync(join(root, SOURCES.subscriptionSummary), 'utf8')).length).toBeGreaterThan(0);
    expect(offenders(subscriptionSummaryMappingsIn, SOURCES.subscriptionSummary)).toEqual([]);
  });

  it('the fields of a sent chat message are described only in the chat core', () => {
    expect(sendChatShapesIn(readFileSync(join(root, SOURCES.sendChat), 'utf8'))).toHaveLength(1);
    expect(offenders(sendChatShapesIn, SOURCES.sendChat)).toEqual([]);
  });

  it('the model providers are listed only in the chat core', () => {
    expect(providerIdListsIn(readFileSync(join(root, SOURCES.providers), 'utf8'))).toHaveLength(1);
    expect(offenders(providerIdListsIn, SOURCES.providers)).toEqual([]);
  });
});

describe('the detectors find a planted copy', () => {
  it('of the ledger kinds: an enum, an array, a union type, even of a few of them', () => {
    expect(ledgerKindListsIn(`kind: z.enum(['signup_grant', 'subscription_grant', 'manual_grant', 'usage_charge', 'adjustment']),`)).toHaveLength(1);
    expect(ledgerKindListsIn(`const GRANTS = ["signup_grant", "manual_grant"];`)).toHaveLength(1);
    expect(ledgerKindListsIn(`type Kind =\n  | 'usage_charge'\n  | 'adjustment';`)).toHaveLength(1);
    expect(ledgerKindListsIn(`z.enum(LEDGER_KINDS); grantCredits({ kind: 'manual_grant' }); if (k === 'usage_charge') {}`)).toEqual([]);
  });

  it('of the summary mapping: a field-by-field copy or an arrow answering a summary literal', () => {
    const copy = `const summaryOf = (s: Stored) => ({
      id: s.id, status: s.status, productId: s.productId, amount: s.amount, currency: s.currency,
      currentPeriodStart: s.currentPeriodStart, currentPeriodEnd: s.currentPeriodEnd, cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      endsAt: s.endsAt, cancellationReason: s.customerCancellationReason ?? null,
    });`;
    expect(subscriptionSummaryMappingsIn(copy)).toHaveLength(1);
    expect(subscriptionSummaryMappingsIn(`const summary = (s: Sub): SubscriptionSummary => ({ ...s, cancellationReason: null });`)).toHaveLength(1);
    const event = `({ subscriptionId: sub.id, productId: sub.productId, currentPeriodEnd: sub.currentPeriodEnd, cancelAtPeriodEnd: sub.cancelAtPeriodEnd })`;
    expect(subscriptionSummaryMappingsIn(event)).toEqual([]);
    expect(subscriptionSummaryMappingsIn(`const summary = (s: Sub): SubscriptionSummary => toSubscriptionSummary({ ...s, cancellationReason: null });`)).toEqual([]);
  });

  it('of the send shape: a schema or a type with an optional conversation, a message and the models', () => {
    const schema = `const sendSchema = z.object({
      conversationId: conversationIdSchema.optional(), message: messageSchema, modelIds: modelIdsSchema, settings: conversationSettingsSchema.optional(),
    });`;
    expect(sendChatShapesIn(schema)).toHaveLength(1);
    expect(sendChatShapesIn(`export const chatRequest = z.strictObject({\n  conversationId: conversationIdSchema.optional(),\n  message: messageSchema,\n  modelIds: modelIdsSchema,\n});`)).toHaveLength(1);
    const type = `export interface SendChatInput {\n  readonly conversationId?: string;\n  readonly message: string;\n  readonly modelIds: readonly string[];\n}`;
    expect(sendChatShapesIn(type)).toHaveLength(1);
    const edit = `const inputSchema = z.object({ conversationId: conversationIdSchema, message: messageSchema, modelIds: modelIdsSchema.optional() });`;
    expect(sendChatShapesIn(edit)).toEqual([]);
    expect(sendChatShapesIn(`export const chatRequest = z.strictObject(sendChatSchema.shape);`)).toEqual([]);
  });

  it('of the provider ids: an enum, a check list, a union type, a table of rows, even of a few of them', () => {
    expect(providerIdListsIn(`provider: z.enum(['openai', 'anthropic', 'google', 'openai-compatible', 'offline']),`)).toHaveLength(1);
    expect(providerIdListsIn(`const KEYED = ["openai", "anthropic"];`)).toHaveLength(1);
    expect(providerIdListsIn(`export type FirstParty =\n  | 'openai'\n  | 'google';`)).toHaveLength(1);
    expect(providerIdListsIn(`const P = [\n  { id: 'openai', label: 'OpenAI' },\n  /** local */\n  { id: 'offline', label: 'Offline' },\n];`)).toHaveLength(1);
    expect(providerIdListsIn(`provider: z.enum(PROVIDER_IDS); const LIMIT: Record<ModelProvider, number> = { openai: 2, anthropic: 1, google: 2 };`)).toEqual([]);
    expect(providerIdListsIn(`{ id: 'offline', provider: 'offline' }, { id: 'offline-brief', provider: 'offline' }; method: z.enum(['magic_link', 'google'])`)).toEqual([]);
  });
});
