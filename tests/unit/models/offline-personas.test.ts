import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  composeOfflineAnswerFor,
  OFFLINE_MODELS,
  offlinePersonaOf,
  offlineStyleOf,
  type OfflinePromptMessage,
} from '../../../adapters/models/offline-answer.js';
import { OfflineLanguageModel } from '../../../adapters/models/offline-language-model.js';
import { DEFAULT_CATALOGUE } from '../../../adapters/in-memory/default-model-catalogue.js';
import { mergePrompt } from '../../../core/chat/index.js';

const OFFLINE_IDS = DEFAULT_CATALOGUE.filter((m) => m.provider === 'offline').map((m) => m.id);
const ask = (text: string, files?: OfflinePromptMessage['files']): OfflinePromptMessage[] => [{ role: 'user', text, ...(files ? { files } : {}) }];
const GENERAL = ask('How do lighthouses warn ships at night?');
const CODE = ask('Write a TypeScript function that reverses a string');

describe('six offline demo models: one table, six personas', () => {
  it('the catalogue lists six offline models, each with its own persona and speed in OFFLINE_MODELS', () => {
    expect(OFFLINE_IDS).toEqual(['offline', 'offline-brief', 'offline-steps', 'offline-critic', 'offline-code', 'offline-thorough']);
    expect(Object.keys(OFFLINE_MODELS).sort()).toEqual([...OFFLINE_IDS].sort());
    expect(new Set(OFFLINE_IDS.map(offlinePersonaOf)).size).toBe(6);
    expect(new Set(OFFLINE_IDS.map((id) => offlineStyleOf(id).delayFactor)).size).toBeGreaterThanOrEqual(4);
    expect(offlineStyleOf('offline-thorough').delayFactor).toBeGreaterThan(offlineStyleOf('offline').delayFactor);
    expect(offlineStyleOf('offline-brief').delayFactor).toBeLessThan(offlineStyleOf('offline').delayFactor);
    // An offline id not in the table answers as `offline`; a name of Object's prototype is no persona.
    expect(offlineStyleOf('offline-twin')).toEqual(offlineStyleOf('offline'));
    expect(offlinePersonaOf('constructor')).toBe('detailed');
  });

  it('their prices differ, and each has a realistic longest answer', () => {
    const offline = DEFAULT_CATALOGUE.filter((m) => m.provider === 'offline');
    expect(new Set(offline.map((m) => `${m.inputCreditsPer1k}/${m.outputCreditsPer1k}`)).size).toBe(6);
    for (const m of offline) expect(m.maxOutputTokens).toBeGreaterThanOrEqual(1024);
    expect(offline.filter((m) => m.supportsImages).map((m) => m.id)).toEqual(['offline', 'offline-thorough']);
  });

  it('every answer says in its first line that it is offline, the same line for all six, and the six differ', () => {
    const answers = OFFLINE_IDS.map((id) => composeOfflineAnswerFor(id, GENERAL));
    for (const answer of answers) expect(answer.split('\n')[0]).toBe('**Offline answer**: no AI provider was contacted.');
    expect(new Set(answers).size).toBe(6);
    expect(new Set(answers.map((a) => a.length)).size).toBe(6);
  });

  it.each(OFFLINE_IDS)('%s names no model in its answer, whatever it is asked, sent or set: blind compare stays blind offline', (id) => {
    // Every model's label, and an offline label's name without its "(local, no network)".
    const names = DEFAULT_CATALOGUE.flatMap((m) => [m.label, m.label.replace(/\s*\(.*\)$/, '')]);
    const merge = ask(mergePrompt('How do lighthouses warn ships at night?', [
      { label: 'Offline model (local, no network)', content: 'First answer.' },
      { label: 'Offline demo: skeptic (local, no network)', content: 'Second answer.' },
    ]));
    const conversations = [
      GENERAL, CODE, ask(''),
      ask('What is in this picture?', [{ name: 'harbour.png', mediaType: 'image/png', size: 12_345, pixels: { width: 800, height: 600 } }]),
      [{ role: 'system' as const, text: 'Answer like a pirate.' }, ...GENERAL], merge,
    ];
    for (const conversation of conversations) {
      const answer = composeOfflineAnswerFor(id, conversation, { temperature: 0.4, maxOutputTokens: 400 });
      for (const name of names) expect(answer).not.toContain(name);
      // Nor a catalogue id, nor the "(local)" of the labels.
      expect(answer).not.toMatch(/\(local\b|\boffline-\w/);
    }
  });

  it.each(OFFLINE_IDS)('%s is deterministic: the same prompt and settings give the same text', (id) => {
    const settings = { temperature: 0.3, maxOutputTokens: 500 };
    expect(composeOfflineAnswerFor(id, GENERAL, settings)).toBe(composeOfflineAnswerFor(id, GENERAL, settings));
    expect(composeOfflineAnswerFor(id, GENERAL, settings)).toContain('_Received: temperature 0.3, maximum length 500 tokens._');
    expect(composeOfflineAnswerFor(id, ask(''))).toBe(composeOfflineAnswerFor(id, ask('')));
  });

  it('step by step answers in numbered steps, one per topic word', () => {
    const answer = composeOfflineAnswerFor('offline-steps', GENERAL);
    expect(answer).toMatch(/^1\. Read the question: 7 words, about lighthouses, warn, ships and night\.$/m);
    expect(answer).toMatch(/^2\. Work out what \*\*lighthouses\*\* means here/m);
    expect(answer).toMatch(/^8\. Set a provider key/m);
  });

  it('the skeptic lists caveats and counter-points and gives a verdict', () => {
    const answer = composeOfflineAnswerFor('offline-critic', GENERAL);
    expect(answer).toContain('**Caveats**');
    expect(answer).toContain('**Counter-points**');
    expect(answer).toContain('The opposite view of lighthouses deserves a hearing too.');
    expect(answer).toContain('**Verdict**');
  });

  it('code first answers a code question with a fenced block, any other with a short table', () => {
    const code = composeOfflineAnswerFor('offline-code', CODE);
    expect(code).toMatch(/```ts\n[\s\S]*export function writeTypescriptFunction\(input: string\): string \{[\s\S]*\n```$/);
    const table = composeOfflineAnswerFor('offline-code', GENERAL);
    expect(table).not.toContain('```');
    expect(table).toContain('| Aspect | Value |\n| --- | --- |\n| Topic | lighthouses, warn, ships |');
  });

  it('slow and thorough is the longest answer, in sections, and describes an attached image', () => {
    const lengths = OFFLINE_IDS.map((id) => composeOfflineAnswerFor(id, GENERAL).length);
    expect(Math.max(...lengths)).toBe(composeOfflineAnswerFor('offline-thorough', GENERAL).length);
    const withImage = composeOfflineAnswerFor('offline-thorough', ask('What is in this picture?', [
      { name: 'harbour.png', mediaType: 'image/png', size: 12_345, pixels: { width: 800, height: 600 } },
    ]));
    expect(withImage).toContain('## The image');
    expect(withImage).toContain('**harbour.png** is a landscape PNG image of 800×600 pixels (0.5 megapixels, 12 KB).');
    expect(withImage).toContain('_Attached: harbour.png (image/png, 12 KB, 800×600 pixels)._');
    expect(composeOfflineAnswerFor('offline-thorough', GENERAL)).not.toContain('## The image');
  });

  it('the pause per piece is OFFLINE_MODEL_TOKEN_DELAY_MS times the model\'s factor, so 0 means no pause for any of them', async () => {
    const pauseOf = (id: string, tokenDelayMs: number) => (new OfflineLanguageModel(id, { tokenDelayMs }) as unknown as { tokenDelayMs: number }).tokenDelayMs;
    expect(pauseOf('offline', 10)).toBe(10);
    expect(pauseOf('offline-brief', 10)).toBe(5);
    expect(pauseOf('offline-thorough', 10)).toBe(30);
    for (const id of OFFLINE_IDS) expect(pauseOf(id, 0)).toBe(0);
    const result = streamText({ model: new OfflineLanguageModel('offline-thorough', { tokenDelayMs: 0 }), messages: [{ role: 'user', content: 'How do lighthouses work?' }] });
    let text = '';
    for await (const delta of result.textStream) text += delta;
    expect(text).toBe(composeOfflineAnswerFor('offline-thorough', ask('How do lighthouses work?')));
  });
});
