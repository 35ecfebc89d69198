// The offline models are billed by the estimate that held the credits (core/credits/domain/
// token-estimate.ts), through the real chat use case, the real model gateway and in-memory ports:
// a long instruction is not three words, and a CJK file costs what a Latin file of the same
// estimate costs.
import { describe, expect, it } from 'vitest';
import { inMemoryServerPorts } from '../../../adapters/composition/server-data-ports.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { createModelGateway } from '../../../adapters/models/create-model-gateway.js';
import { makeAttachFile, makeRunChat, type ChatStreamEvent, type DocumentText, type RunChatInput } from '../../../core/chat/index.js';
import { estimateTokens } from '../../../core/credits/index.js';
import { domainError, fail, ok } from '../../../core/shared/index.js';
import { readAll } from '../../support/in-memory-app-world.js';

const noPdfs: DocumentText = { pdfText: async () => fail(domainError('unexpected', 'no PDFs in this test')) };

/** The server's in-memory ports (the ledger priced from the model table) with the offline models, for one funded user. */
async function offlineWorld() {
  const ports = inMemoryServerPorts();
  const logger = new InMemoryLogger();
  const gateway = createModelGateway({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '0' }, catalogue: ports.catalogue, logger });
  if (!gateway.success) throw new Error(gateway.error.message);
  const user = ports.db.createUser({ email: 'ada@example.com', provider: 'email' });
  const currentUser = async () => ok({ id: user.id, email: user.email, userMetadata: {}, appMetadata: { provider: 'email' }, createdAt: user.createdAt });
  const deps = { ...ports, modelGateway: gateway.data, currentUser, logger, clock: { now: () => new Date() }, documentText: noPdfs };
  const funded = await ports.usageLedger.grantCredits({ userId: user.id, amount: 100_000, kind: 'manual_grant', reason: 'test funds', reference: null });
  if (!funded.success) throw new Error(funded.error.message);
  const attach = async (name: string, text: string) => {
    const attached = await makeAttachFile(deps)({ name, type: 'text/plain', bytes: new TextEncoder().encode(text) });
    if (!attached.success) throw new Error(attached.error.message);
    return attached.data;
  };
  const chat = async (input: RunChatInput) => {
    const run = await makeRunChat(deps)(input);
    if (!run.success) throw new Error(run.error.message);
    const finish = (await readAll(run.data.events)).find((e): e is Extract<ChatStreamEvent, { type: 'finish' }> => e.type === 'finish');
    if (!finish) throw new Error('no finish event');
    return finish;
  };
  return { attach, chat };
}

describe('the offline models are billed by the estimate that held their credits', () => {
  it('an 8,000-character instruction counts what the estimate counts, not its three words', async () => {
    const { chat } = await offlineWorld();
    const instruction = `Answer ${'x'.repeat(7982)} in French.`;
    expect(instruction).toHaveLength(8000);
    const finish = await chat({ message: 'Hello', modelIds: ['offline'], settings: { instruction, models: {} } });
    const estimate = estimateTokens(instruction) + estimateTokens('Hello');
    expect(estimate).toBe(2002);
    expect(finish.usage.inputTokens).toBe(estimate);
    expect(finish.usage.outputTokens).toBeGreaterThan(0);
  });

  it('a CJK file and an ASCII file of the same estimate are billed the same credits, each about its estimate', async () => {
    const { attach, chat } = await offlineWorld();
    const cjk = await attach('notes-ja.txt', '日本語のテキスト。'.repeat(11_000));
    const ascii = await attach('notes-en.txt', 'plain words and more'.repeat(19_800));
    expect(cjk.textTokens).toBe(99_000);
    expect(ascii.textTokens).toBe(cjk.textTokens);
    // The CJK file is the smaller one in characters: counting characters would bill it a quarter.
    expect(cjk.size).toBeLessThan(ascii.size);

    const cjkFinish = await chat({ message: 'Summarise the file', modelIds: ['offline'], attachmentIds: [cjk.id] });
    const asciiFinish = await chat({ message: 'Summarise the file', modelIds: ['offline'], attachmentIds: [ascii.id] });
    for (const finish of [cjkFinish, asciiFinish]) {
      // The file's text, fenced with its name, type and size, and the question.
      expect(finish.usage.inputTokens).toBeGreaterThanOrEqual(99_000);
      expect(finish.usage.inputTokens).toBeLessThan(99_100);
    }
    expect(cjkFinish.creditsCharged).toBe(asciiFinish.creditsCharged);
    // offline: 1 credit per 1,000 tokens in and out.
    expect(cjkFinish.creditsCharged).toBe(100);
  });
});
