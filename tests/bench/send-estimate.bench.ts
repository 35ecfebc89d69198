// The composer's cost line: what a send holds (sendHoldOf, the server's own rule) must be computed in
// the browser in ≤ 1 ms for a 100-message history with six columns. Run: npm run bench -- send-estimate
// Figures: each keystroke (the path's weights kept, each model's context worked out from them, then the
// new message added), beside it the weights worked out anew (once per new answer or opened
// conversation), and a 1,000-message path under a summary setting with small windows.
import { availableParallelism, loadavg } from 'node:os';
import { sendHoldOf, weightOf, type AttachmentRef, type ChatMessage, type ConversationSettings, type ModelInfo } from '../../core/chat/index.js';

const BUDGET_MS = 1;
const MESSAGES = 100;
const SAMPLES = 2000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? NaN;
const ms = (value: number) => `${value.toFixed(4)} ms`;
const verdict = (value: number) => (value <= BUDGET_MS ? 'within budget' : 'OVER BUDGET');

// A long conversation: short questions, long answers (about 3,000 characters), some in other scripts, a few files.
const answer = (i: number) =>
  i % 10 === 3
    ? '東京の天気は晴れです。明日も晴れるでしょう。'.repeat(60)
    : i % 10 === 7
      ? 'Погода сегодня хорошая, завтра тоже. '.repeat(80)
      : `Here is a detailed answer number ${i}, with code and prose. `.repeat(50);
const file = (i: number): AttachmentRef => ({ id: `f${i}`, name: `notes-${i}.txt`, mediaType: 'text/plain', kind: 'text', size: 8000, textTokens: 2000 });
const image = (i: number): AttachmentRef => ({ id: `i${i}`, name: `photo-${i}.png`, mediaType: 'image/png', kind: 'image', size: 900_000, width: 1600, height: 1200 });
const path = (length: number): ChatMessage[] => Array.from({ length }, (_, i) => ({
  id: `m${i}`, conversationId: 'c1', role: i % 2 === 0 ? 'user' : 'assistant', modelId: 'm0',
  content: i % 2 === 0 ? `Question ${i}: could you explain this part again, with an example? `.repeat(4) : answer(i),
  ...(i % 20 === 0 ? { attachments: [file(i), image(i)] } : {}),
  inputTokens: null, outputTokens: null, createdAt: '2026-11-20T09:00:00.000Z',
}));
const history = path(MESSAGES);
const providers = ['openai', 'anthropic', 'google', 'openai-compatible', 'offline', 'openai'] as const;
const models: ModelInfo[] = providers.map((provider, i) => ({
  id: `m${i}`, label: `Model ${i}`, provider, inputCreditsPer1k: 0.15 * (i + 1), outputCreditsPer1k: 0.6 * (i + 1), plan: 'free', available: true,
  supportsImages: i % 2 === 0, maxOutputTokens: 8192,
}));
const settings: ConversationSettings = { instruction: 'Answer briefly, in the language of the question.', models: { m1: { maxOutputTokens: 4000 }, m4: { maxOutputTokens: 16_000 } } };
const draft = 'And now compare the two approaches for a team of five, with costs, risks and a first week plan. '.repeat(3);

function measure(run: (i: number) => number): number[] {
  let sink = 0;
  for (let i = 0; i < 200; i += 1) sink += run(i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    sink += run(i);
    samples.push(performance.now() - started);
  }
  if (sink < 0) console.log(sink);
  return samples;
}

const chars = history.reduce((n, m) => n + m.content.length, 0);
console.log(`load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores (a loaded machine inflates every figure)`);
console.log(`${MESSAGES} messages (${chars.toLocaleString('en')} characters, ${history.filter((m) => m.attachments).length * 2} files), ${models.length} columns, ${SAMPLES} samples each`);

const kept = history.map(weightOf);
const keystroke = measure((i) => sendHoldOf(kept, settings.instruction, draft.slice(0, 50 + (i % 200)), [file(1000)], models, settings).total);
console.log(`each keystroke (weights kept): median ${ms(median(keystroke))}, p95 ${ms(p95(keystroke))} (budget ≤ ${BUDGET_MS} ms: ${verdict(p95(keystroke))})`);

const fresh = measure((i) => sendHoldOf(history.map(weightOf), settings.instruction, draft.slice(0, 50 + (i % 200)), [], models, settings).total);
console.log(`weights worked out anew, once per path (a new answer, a conversation opened), not per keystroke: median ${ms(median(fresh))}, p95 ${ms(p95(fresh))} (against ${BUDGET_MS} ms: ${verdict(p95(fresh))})`);

// A long conversation: 1,000 messages, a summary of the older ones and the last 20, windows of 8,192 to 128,000.
const long = path(1000).map(weightOf);
const small = models.map((m, i) => ({ ...m, contextWindow: i % 2 === 0 ? 8192 : 128_000 }));
const summarised: ConversationSettings = { ...settings, context: { mode: 'summary', messages: 20 } };
const longKeystroke = measure((i) => sendHoldOf(long, settings.instruction, draft.slice(0, 50 + (i % 200)), [], small, summarised).total);
console.log(`each keystroke, 1,000 messages under a summary setting: median ${ms(median(longKeystroke))}, p95 ${ms(p95(longKeystroke))} (against ${BUDGET_MS} ms: ${verdict(p95(longKeystroke))})`);
