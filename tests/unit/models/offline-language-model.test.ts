import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  composeBriefOfflineAnswer,
  composeOfflineAnswer,
  composeOfflineAnswerFor,
  OFFLINE_ANSWER_HEADING,
  offlinePersonaOf,
} from '../../../adapters/models/offline-answer.js';
import { OfflineLanguageModel } from '../../../adapters/models/offline-language-model.js';
import { estimatePromptTokens, prefixWithinTokens, splitIntoPieces } from '../../../adapters/models/token-estimate.js';
import { estimateTokens } from '../../../core/credits/index.js';

const QUESTION = 'What is the capital of France?';

async function streamOffline(prompt: string, options: { maxOutputTokens?: number; tokenDelayMs?: number; modelId?: string } = {}) {
  const result = streamText({
    model: new OfflineLanguageModel(options.modelId ?? 'offline', { tokenDelayMs: options.tokenDelayMs ?? 0 }),
    messages: [{ role: 'user', content: prompt }],
    ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
  });
  const deltas: string[] = [];
  for await (const delta of result.textStream) deltas.push(delta);
  return { deltas, usage: await result.totalUsage, finishReason: await result.finishReason };
}

describe('streamed pieces and the estimate (adapters/models/README.md: token estimate)', () => {
  it('streams words and single punctuation marks, each carrying the whitespace before it', () => {
    expect(splitIntoPieces('Hello, world!  ')).toEqual(['Hello', ',', ' world', '!', '  ']);
    expect(splitIntoPieces('x = f(42);\n')).toEqual(['x', ' =', ' f', '(', '42', ')', ';', '\n']);
    expect(splitIntoPieces('naïve 日本語')).toEqual(['naïve', ' 日本語']);
  });

  it('loses no character: the pieces join back into the text', () => {
    const text = '## Title\n\n- item one\n- `code` and more…  \t';
    expect(splitIntoPieces(text).join('')).toBe(text);
  });

  it('a conversation is the sum of its messages by the core estimate, not the count of pieces', () => {
    expect(estimatePromptTokens([{ content: 'Hello, world!' }, { content: 'two words' }])).toBe(estimateTokens('Hello, world!') + estimateTokens('two words'));
    expect(estimatePromptTokens([{ content: '日本語のテキスト' }])).toBe(8);
  });

  it('cuts a text at the longest start within a number of tokens, never inside a character', () => {
    expect(prefixWithinTokens('abcdefghij', 2)).toBe('abcdefgh');
    expect(prefixWithinTokens('abcdefghij', 3)).toBe('abcdefghij');
    expect(prefixWithinTokens('日本語', 2)).toBe('日本');
    expect(prefixWithinTokens('a😀b', 1)).toBe('a');
    expect(prefixWithinTokens('anything', 0)).toBe('');
  });
});

describe('offline model: deterministic, streamed token by token, labelled offline', () => {
  it('answers the same prompt with the same tokens every time', async () => {
    const first = await streamOffline(QUESTION);
    const second = await streamOffline(QUESTION);
    expect(second.deltas).toEqual(first.deltas);
    expect(first.deltas.length).toBeGreaterThan(20);
  });

  it('streams the composed answer one piece per delta', async () => {
    const { deltas } = await streamOffline(QUESTION);
    const expected = composeOfflineAnswer([{ role: 'user', text: QUESTION }]);
    expect(deltas.join('')).toBe(expected);
    expect(deltas).toEqual(splitIntoPieces(expected));
  });

  it('reports usage with the core estimate: the prompt in, the streamed text out', async () => {
    const { deltas, usage, finishReason } = await streamOffline(QUESTION);
    expect(usage.inputTokens).toBe(estimateTokens(QUESTION));
    expect(usage.outputTokens).toBe(estimateTokens(deltas.join('')));
    expect(finishReason).toBe('stop');
  });

  it('labels itself, restates the question and gives a markdown list', async () => {
    const text = (await streamOffline(QUESTION)).deltas.join('');
    expect(text.startsWith(OFFLINE_ANSWER_HEADING)).toBe(true);
    expect(text).toContain(`You asked: "${QUESTION}"`);
    expect(text).toMatch(/^- \*\*Topic\*\*: capital, france$/m);
    expect(text).not.toContain('```');
  });

  it('adds a small code block when the prompt is about code', async () => {
    const text = (await streamOffline('Write a python function that sorts a list')).deltas.join('');
    expect(text).toMatch(/```ts\n[\s\S]+\n```$/);
  });

  it('counts every message of the conversation as input, system included', async () => {
    const result = streamText({
      model: new OfflineLanguageModel('offline', { tokenDelayMs: 0 }),
      system: 'Be brief.',
      messages: [
        { role: 'user', content: 'First question' },
        { role: 'assistant', content: 'First answer.' },
        { role: 'user', content: QUESTION },
      ],
    });
    const text = await result.text;
    expect((await result.totalUsage).inputTokens).toBe(estimatePromptTokens([{ content: 'Be brief.' }, { content: 'First question' }, { content: 'First answer.' }, { content: QUESTION }]));
    expect(text).toContain('**Earlier turns in this conversation**: 2');
  });

  it('stops at maxOutputTokens by the estimate, with finish reason length', async () => {
    const { deltas, usage, finishReason } = await streamOffline(QUESTION, { maxOutputTokens: 5 });
    expect(deltas.join('')).toBe(prefixWithinTokens(OFFLINE_ANSWER_HEADING, 5));
    expect(estimateTokens(deltas.join(''))).toBe(5);
    expect(usage.outputTokens).toBe(5);
    expect(finishReason).toBe('length');
  });

  it('streams the same text when a per-token delay is configured', async () => {
    const delayed = await streamOffline('hi', { tokenDelayMs: 1 });
    const immediate = await streamOffline('hi');
    expect(delayed.deltas).toEqual(immediate.deltas);
  });

  it('with no token delay, still lets the event loop turn between tokens (a long answer never holds a server)', async () => {
    const result = streamText({ model: new OfflineLanguageModel('offline', { tokenDelayMs: 0 }), messages: [{ role: 'user', content: QUESTION }] });
    let turned = false;
    setImmediate(() => (turned = true));
    let tokensBeforeTurn = 0;
    for await (const delta of result.textStream) {
      if (turned) break;
      if (delta !== '') tokensBeforeTurn += 1;
    }
    // Without the yield the whole answer streams in microtasks before any I/O or timer callback runs.
    expect(turned).toBe(true);
    expect(tokensBeforeTurn).toBeLessThanOrEqual(2);
  });

  it('stops producing tokens when its abort signal fires, even during a token delay', async () => {
    const controller = new AbortController();
    const result = streamText({
      model: new OfflineLanguageModel('offline', { tokenDelayMs: 60_000 }),
      messages: [{ role: 'user', content: QUESTION }],
      abortSignal: controller.signal,
    });
    const parts: string[] = [];
    for await (const part of result.fullStream) {
      parts.push(part.type);
      if (part.type === 'text-start') controller.abort();
    }
    expect(parts).not.toContain('text-delta');
    expect(parts.at(-1)).toBe('abort');
  });

  it('answers through generateText too (doGenerate)', async () => {
    const result = await generateText({ model: new OfflineLanguageModel(), messages: [{ role: 'user', content: QUESTION }] });
    expect(result.text).toBe(composeOfflineAnswer([{ role: 'user', text: QUESTION }]));
    expect(result.usage.outputTokens).toBe(estimateTokens(result.text));
  });
});

describe('offline personas: the brief model answers differently from the detailed one', () => {
  const brief = (prompt: string, options: { maxOutputTokens?: number } = {}) => streamOffline(prompt, { ...options, modelId: 'offline-brief' });

  it('the persona follows the model id: offline-brief is brief, offline and any other offline id detailed', () => {
    expect(offlinePersonaOf('offline-brief')).toBe('brief');
    expect(offlinePersonaOf('offline')).toBe('detailed');
    expect(offlinePersonaOf('offline-twin')).toBe('detailed');
    const messages = [{ role: 'user' as const, text: QUESTION }];
    expect(composeOfflineAnswerFor('offline', messages)).toBe(composeOfflineAnswer(messages));
    expect(composeOfflineAnswerFor('offline-brief', messages)).toBe(composeBriefOfflineAnswer(messages));
  });

  it('answers the same prompt with the same text every time, streamed one piece per delta', async () => {
    const first = await brief(QUESTION);
    const second = await brief(QUESTION);
    expect(second.deltas).toEqual(first.deltas);
    expect(first.deltas).toEqual(splitIntoPieces(composeBriefOfflineAnswer([{ role: 'user', text: QUESTION }])));
    expect(first.deltas.length).toBeGreaterThan(5);
  });

  it('is labelled offline and says in two sentences and one bullet what the detailed model lists', async () => {
    const text = (await brief(QUESTION)).deltas.join('');
    expect(text).toBe(
      [
        OFFLINE_ANSWER_HEADING,
        '',
        'In brief: your message is about capital and france. A configured model would answer it here in a sentence or two.',
        '',
        '- Set a provider key for a real answer.',
      ].join('\n'),
    );
    expect(text).not.toContain('You asked');
  });

  it('is shorter than the detailed answer and never adds a code block', async () => {
    for (const prompt of [QUESTION, 'Write a python function that sorts a list', '']) {
      const short = (await brief(prompt)).deltas;
      const detailed = (await streamOffline(prompt)).deltas;
      expect(short.join('')).not.toBe(detailed.join(''));
      expect(short.length).toBeLessThan(detailed.length);
      expect(short.join('')).not.toContain('```');
      expect(short.join('').match(/^- /gm)).toHaveLength(1);
    }
  });

  it('names no topic for stop words only, and says so for an empty message', () => {
    expect(composeBriefOfflineAnswer([{ role: 'user', text: 'Tell me about ducks' }])).toContain('In brief: your message is about ducks.');
    expect(composeBriefOfflineAnswer([{ role: 'user', text: 'what is the' }])).toContain('In brief: your 3-word message names no clear topic.');
    expect(composeBriefOfflineAnswer([{ role: 'user', text: '   ' }])).toContain('In brief: your message was empty.');
    expect(composeBriefOfflineAnswer([{ role: 'user', text: 'Rivers lakes oceans and ponds' }])).toContain('about rivers, lakes and oceans.');
  });

  it('reports usage with the same estimate as the detailed model', async () => {
    const { deltas, usage, finishReason } = await brief(QUESTION);
    expect(usage.inputTokens).toBe(estimateTokens(QUESTION));
    expect(usage.outputTokens).toBe(estimateTokens(deltas.join('')));
    expect(finishReason).toBe('stop');
  });

  it('stops at maxOutputTokens with finish reason length', async () => {
    const { deltas, usage, finishReason } = await brief(QUESTION, { maxOutputTokens: 3 });
    expect(deltas).toEqual(splitIntoPieces(OFFLINE_ANSWER_HEADING.slice(0, 12)));
    expect(usage.outputTokens).toBe(3);
    expect(finishReason).toBe('length');
  });
});
