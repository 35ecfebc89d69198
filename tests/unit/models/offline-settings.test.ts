import { describe, expect, it } from 'vitest';
import { createModelGateway } from '../../../adapters/models/create-model-gateway.js';
import { OFFLINE_ANSWER_HEADING } from '../../../adapters/models/offline-answer.js';
import { mergePrompt } from '../../../core/chat/index.js';
import { catalogueEntry, collect, finishOf, textOf } from './model-test-kit.js';

const gateway = () => {
  const created = createModelGateway({
    env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '0' },
    catalogue: [catalogueEntry('offline', 'offline'), catalogueEntry('offline-brief', 'offline')],
    logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  if (!created.success) throw new Error(created.error.message);
  return created.data;
};
const ask = [{ role: 'user' as const, content: 'How do lighthouses work?' }];

describe('the offline model states what it received besides the conversation', () => {
  it.each(['offline', 'offline-brief'])('%s names the instruction, the temperature and the maximum length, right under its heading', async (model) => {
    const events = await collect(
      gateway().stream({ modelIds: [model], messages: ask, instruction: 'Answer like a pirate.', settings: { [model]: { temperature: 0.4, maxOutputTokens: 400 } } }),
    );
    const text = textOf(events, model);
    const [heading, , received] = text.split('\n');
    expect(heading).toBe(OFFLINE_ANSWER_HEADING);
    expect(received).toBe('_Received: instruction "Answer like a pirate.", temperature 0.4, maximum length 400 tokens._');
    expect(finishOf(events, model).finishReason).toBe('stop');
  });

  it('an instruction alone is stated alone; nothing received, nothing stated', async () => {
    const withInstruction = textOf(await collect(gateway().stream({ modelIds: ['offline'], messages: ask, instruction: 'Be terse.' })), 'offline');
    expect(withInstruction).toContain('_Received: instruction "Be terse."._');
    const plain = textOf(await collect(gateway().stream({ modelIds: ['offline'], messages: ask })), 'offline');
    expect(plain).not.toContain('Received');
  });

  it('honours the maximum length: the answer stops there, finish `length`, the output tokens are that length', async () => {
    const events = await collect(gateway().stream({ modelIds: ['offline'], messages: ask, settings: { offline: { maxOutputTokens: 12 } } }));
    const finish = finishOf(events, 'offline');
    expect(finish.finishReason).toBe('length');
    expect(finish.usage.outputTokens).toBe(12);
  });

  it('a merge request is answered as a merge of the question it carries', async () => {
    const request = mergePrompt('Name a lighthouse', [{ label: 'A', content: 'Eddystone' }, { label: 'B', content: 'Pharos' }]);
    const detailed = textOf(await collect(gateway().stream({ modelIds: ['offline'], messages: [{ role: 'user', content: request }] })), 'offline');
    expect(detailed).toContain('You asked to merge 2 answers to: "Name a lighthouse"');
    const brief = textOf(await collect(gateway().stream({ modelIds: ['offline-brief'], messages: [{ role: 'user', content: request }] })), 'offline-brief');
    expect(brief).toContain('2 answers merged into one.');
  });
});
