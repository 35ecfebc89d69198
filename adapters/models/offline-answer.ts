import { MERGE_PROMPT_OPENING } from '../../core/chat/index.js';

/**
 * The offline models' answers: pure functions of the model id and the conversation, so the same
 * prompt always gets the same text. Every persona starts with the same line, which says the answer is
 * offline so nobody mistakes it for a real model's, and names no model: blind compare hides which
 * column is which model, and the text must not tell (the column header names the model outside blind
 * compare). Six personas exist so that the side-by-side view has six
 * visibly different columns (style, length and speed) with no provider configured; OFFLINE_MODELS
 * is the one table from catalogue id to persona and speed.
 */
export interface OfflinePromptMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly text: string;
  /** The files a user message carried, as the model received them. */
  readonly files?: readonly OfflineFile[];
}

/** A received file: its name, type and bytes, and what the model could read of it. */
export interface OfflineFile {
  readonly name: string;
  readonly mediaType: string;
  readonly size: number;
  /** An image's pixels. */
  readonly pixels?: { readonly width: number; readonly height: number };
  /** A text file's or PDF's words. */
  readonly words?: number;
}

/** What the offline model was called with besides the conversation; it says so in its answer. */
export interface OfflineCallSettings {
  readonly temperature?: number | undefined;
  readonly maxOutputTokens?: number | undefined;
}

/**
 * `detailed` restates the question and gives a structured list; `brief` answers in two sentences;
 * `steps` answers in numbered steps; `critic` lists caveats and counter-points; `code` answers a
 * technical question with a fenced code block and any other with a short table; `thorough` writes
 * a long answer in sections and describes an attached image.
 */
export type OfflinePersona = 'detailed' | 'brief' | 'steps' | 'critic' | 'code' | 'thorough';

/** How an offline catalogue id answers: its persona, and its pause per piece as a multiple of OFFLINE_MODEL_TOKEN_DELAY_MS. */
export interface OfflineModelStyle {
  readonly persona: OfflinePersona;
  readonly delayFactor: number;
}

/**
 * The one table of the offline models (their rows are seeded by adapters/supabase/migrations/ and
 * mirrored by adapters/in-memory/default-model-catalogue.ts). An offline id not listed here answers
 * as `offline` does.
 */
export const OFFLINE_MODELS: Readonly<Record<string, OfflineModelStyle>> = {
  offline: { persona: 'detailed', delayFactor: 1 },
  'offline-brief': { persona: 'brief', delayFactor: 0.5 },
  'offline-steps': { persona: 'steps', delayFactor: 1 },
  'offline-critic': { persona: 'critic', delayFactor: 1.5 },
  'offline-code': { persona: 'code', delayFactor: 0.75 },
  'offline-thorough': { persona: 'thorough', delayFactor: 3 },
};
const DEFAULT_STYLE: OfflineModelStyle = { persona: 'detailed', delayFactor: 1 };

/** The first line of every offline answer, whichever persona: offline, and no model named. */
export const OFFLINE_ANSWER_HEADING = '**Offline answer**: no AI provider was contacted.';

const CODE_HINT = /```|\b(code|function|class|bug|compile|script|program|typescript|javascript|python|sql|regex|api)\b/i;
const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from how i in is it me my of on or please so that the this to was what when where which who why will with would you your'.split(
    ' ',
  ),
);
/** Request words the brief persona leaves out of "your message is about …" (the detailed one keeps its list). */
const BRIEF_SKIPPED_WORDS = new Set('about tell explain give show describe list some any want need'.split(' '));
const QUOTE_LIMIT = 160;
const BRIEF_TOPIC_WORDS = 3;

/** The persona and speed of the offline model with this catalogue id. */
export function offlineStyleOf(modelId: string): OfflineModelStyle {
  return Object.hasOwn(OFFLINE_MODELS, modelId) ? (OFFLINE_MODELS[modelId] as OfflineModelStyle) : DEFAULT_STYLE;
}

export function offlinePersonaOf(modelId: string): OfflinePersona {
  return offlineStyleOf(modelId).persona;
}

type Composer = (messages: readonly OfflinePromptMessage[], settings: OfflineCallSettings) => string;

/** The answer of the offline model with this catalogue id. */
export function composeOfflineAnswerFor(modelId: string, messages: readonly OfflinePromptMessage[], settings: OfflineCallSettings = {}): string {
  return COMPOSERS[offlinePersonaOf(modelId)](messages, settings);
}

/**
 * The line that states what the model received besides the conversation (the system instruction,
 * temperature, maximum length), or null when it received none of them. It comes right after the
 * heading so that a short maximum length still shows it.
 */
export function receivedSettingsLine(messages: readonly OfflinePromptMessage[], settings: OfflineCallSettings): string | null {
  const instruction = messages.filter((m) => m.role === 'system').map((m) => m.text.trim()).filter((t) => t !== '').join(' ');
  const parts = [
    instruction === '' ? null : `instruction "${quote(instruction)}"`,
    settings.temperature === undefined ? null : `temperature ${settings.temperature}`,
    settings.maxOutputTokens === undefined ? null : `maximum length ${settings.maxOutputTokens} tokens`,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : `_Received: ${parts.join(', ')}._`;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`);

/**
 * The line that states the files of the last user message (name, type, size, and the pixels of an
 * image or the words of a text), or null when it carried none.
 */
export function receivedFilesLine(messages: readonly OfflinePromptMessage[]): string | null {
  const files = [...messages].reverse().find((m) => m.role === 'user')?.files ?? [];
  if (files.length === 0) return null;
  const described = files.map((f) => {
    const seen = f.pixels ? `${f.pixels.width}×${f.pixels.height} pixels` : `${f.words ?? 0} ${f.words === 1 ? 'word' : 'words'}`;
    return `${f.name} (${f.mediaType}, ${sizeText(f.size)}, ${seen})`;
  });
  return `_Attached: ${described.join('; ')}._`;
}

/** A merge request (see mergePrompt in core/chat/domain/chat-rules.ts): its question and how many answers it merges. */
function mergeRequestOf(text: string): { question: string; answers: number } | null {
  if (!text.startsWith(MERGE_PROMPT_OPENING)) return null;
  const question = /<question>\n([\s\S]*?)\n<\/question>/.exec(text)?.[1] ?? '';
  return { question, answers: (text.match(/<answer number="/g) ?? []).length };
}

/** The detailed persona (model id `offline`). */
export function composeOfflineAnswer(messages: readonly OfflinePromptMessage[], settings: OfflineCallSettings = {}): string {
  const asked = lastUserText(messages);
  const merge = mergeRequestOf(asked);
  const question = merge ? merge.question.trim() : asked;
  const words = wordsOf(question);
  const keywords = keywordsOf(words, 5);
  const earlierTurns = messages.filter((m) => m.role !== 'system').length - 1;
  const received = receivedSettingsLine(messages, settings);
  const files = receivedFilesLine(messages);
  const lines = [
    OFFLINE_ANSWER_HEADING,
    ...(received ? ['', received] : []),
    ...(files ? ['', files] : []),
    '',
    merge
      ? `You asked to merge ${merge.answers} answers to: "${quote(question)}"`
      : question.length === 0 ? 'You sent an empty message.' : `You asked: "${quote(question)}"`,
    '',
    'A short structured reply:',
    `- **Topic**: ${keywords.length > 0 ? keywords.join(', ') : 'general'}`,
    `- **Your message**: ${words.length} ${words.length === 1 ? 'word' : 'words'}`,
    `- **Earlier turns in this conversation**: ${Math.max(earlierTurns, 0)}`,
    '- **Next step**: configure a provider key to get a real answer.',
  ];
  if (CODE_HINT.test(question)) lines.push('', ...codeSample(keywords));
  return lines.join('\n');
}

/** The brief persona (model id `offline-brief`): two sentences and one bullet, never a code block. */
export function composeBriefOfflineAnswer(messages: readonly OfflinePromptMessage[], settings: OfflineCallSettings = {}): string {
  const asked = lastUserText(messages);
  const merge = mergeRequestOf(asked);
  const question = merge ? merge.question.trim() : asked;
  const received = receivedSettingsLine(messages, settings);
  const words = wordsOf(question);
  const keywords = keywordsOf(words, BRIEF_TOPIC_WORDS, BRIEF_SKIPPED_WORDS);
  const topic =
    keywords.length === 0
      ? `In brief: your ${words.length}-word message names no clear topic.`
      : `In brief: your message is about ${listInProse(keywords)}.`;
  const answer =
    question.length === 0
      ? 'In brief: your message was empty. Write a question and a configured model would answer it here.'
      : `${topic} A configured model would answer it here in a sentence or two.`;
  const files = receivedFilesLine(messages);
  return [
    OFFLINE_ANSWER_HEADING,
    ...(received ? ['', received] : []),
    ...(files ? ['', files] : []),
    '',
    merge ? `In brief: ${merge.answers} answers merged into one. ${capitalised(answer.replace(/^In brief: /, ''))}` : answer,
    '',
    '- Set a provider key for a real answer.',
  ].join('\n');
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lastUserText(messages: readonly OfflinePromptMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role === 'user') return message.text.trim();
  }
  return '';
}

function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}_']+/gu) ?? [];
}

function keywordsOf(words: readonly string[], limit: number, skipped: ReadonlySet<string> = new Set()): string[] {
  const kept = words.map((w) => w.toLowerCase()).filter((w) => w.length > 2 && !STOP_WORDS.has(w) && !skipped.has(w));
  return [...new Set(kept)].slice(0, limit);
}

function listInProse(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function quote(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length <= QUOTE_LIMIT ? oneLine : `${oneLine.slice(0, QUOTE_LIMIT - 1)}…`;
}

function codeSample(keywords: readonly string[]): string[] {
  return [
    '```ts',
    `// Offline placeholder for: ${keywords.join(' ') || 'your code question'}`,
    'export function offlineExample(): string {',
    "  return 'Configure a model provider for a real implementation.';",
    '}',
    '```',
  ];
}

/** What every persona reads of the conversation: the question (a merge's own), its words and topic. */
function requestOf(messages: readonly OfflinePromptMessage[], settings: OfflineCallSettings, topicWords = 5) {
  const asked = lastUserText(messages);
  const merge = mergeRequestOf(asked);
  const question = merge ? merge.question.trim() : asked;
  const words = wordsOf(question);
  const keywords = keywordsOf(words, topicWords, BRIEF_SKIPPED_WORDS);
  const received = receivedSettingsLine(messages, settings);
  const files = receivedFilesLine(messages);
  const preamble = [...(received ? ['', received] : []), ...(files ? ['', files] : [])];
  const asks = merge
    ? `Merging ${merge.answers} answers to "${quote(question)}"`
    : question.length === 0 ? 'An empty message' : `"${quote(question)}"`;
  return { question, words, keywords, preamble, asks, earlierTurns: Math.max(messages.filter((m) => m.role !== 'system').length - 1, 0) };
}

/** The step-by-step persona (model id `offline-steps`): numbered steps, one per topic word. */
export function composeStepsOfflineAnswer(messages: readonly OfflinePromptMessage[], settings: OfflineCallSettings = {}): string {
  const { words, keywords, preamble, asks } = requestOf(messages, settings, 4);
  const steps = [
    `Read the question: ${words.length} ${words.length === 1 ? 'word' : 'words'}${keywords.length > 0 ? `, about ${listInProse(keywords)}` : ''}.`,
    ...keywords.map((k) => `Work out what **${k}** means here and what it depends on.`),
    'Put the parts together into one answer, in order.',
    'Check the answer against the question once more.',
    'Set a provider key, and a configured model would do these steps for real.',
  ];
  return [OFFLINE_ANSWER_HEADING, ...preamble, '', `Step by step for ${asks}:`, '', ...steps.map((step, i) => `${i + 1}. ${step}`)].join('\n');
}

/** The skeptic persona (model id `offline-critic`): caveats, counter-points and a verdict. */
export function composeCriticOfflineAnswer(messages: readonly OfflinePromptMessage[], settings: OfflineCallSettings = {}): string {
  const { words, keywords, preamble, asks } = requestOf(messages, settings, 3);
  const topic = keywords.length > 0 ? listInProse(keywords) : 'the topic';
  return [
    OFFLINE_ANSWER_HEADING,
    ...preamble,
    '',
    `Before trusting any answer to ${asks}, consider:`,
    '',
    '**Caveats**',
    `- The question names ${topic} but not the context: who asks, when, and for what.`,
    words.length < 8
      ? `- It is short (${words.length} ${words.length === 1 ? 'word' : 'words'}), so an answer would have to guess what is meant.`
      : `- It is long (${words.length} words), so an answer may take up one part and miss the rest.`,
    '- No source was consulted: this text is composed on this server.',
    '',
    '**Counter-points**',
    `- The opposite view of ${keywords[0] ?? 'the question'} deserves a hearing too.`,
    '- An answer that sounds sure is not thereby right.',
    '',
    '**Verdict**: unproven. Set a provider key for a real answer, and check that one too.',
  ].join('\n');
}

/** The code-first persona (model id `offline-code`): a fenced code block for a technical question, else a short table. */
export function composeCodeOfflineAnswer(messages: readonly OfflinePromptMessage[], settings: OfflineCallSettings = {}): string {
  const { question, words, keywords, preamble, asks } = requestOf(messages, settings, 3);
  const head = [OFFLINE_ANSWER_HEADING, ...preamble, ''];
  if (CODE_HINT.test(question)) {
    const name = keywords.length > 0 ? keywords.map((k, i) => (i === 0 ? k : capitalised(k))).join('').replace(/[^\p{L}\p{N}_]/gu, '') : 'answer';
    return [
      ...head,
      `Code first, for ${asks}:`,
      '',
      '```ts',
      `// Offline demo: a placeholder for ${keywords.join(' ') || 'your code question'}.`,
      `export function ${/^\p{L}/u.test(name) ? name : `offline${name}`}(input: string): string {`,
      '  // A configured model would write the real implementation here.',
      '  return input.trim();',
      '}',
      '```',
    ].join('\n');
  }
  return [
    ...head,
    `In a table, for ${asks}:`,
    '',
    '| Aspect | Value |',
    '| --- | --- |',
    `| Topic | ${keywords.length > 0 ? keywords.join(', ') : 'general'} |`,
    `| Words | ${words.length} |`,
    '| Next | Set a provider key |',
  ].join('\n');
}

/** An image's shape and size in words: "a landscape PNG image of 800×600 pixels (0.5 megapixels, 12 KB)". */
function imageInWords(file: OfflineFile): string {
  const { width, height } = file.pixels as { width: number; height: number };
  const shape = width === height ? 'square' : width > height ? 'landscape' : 'portrait';
  const kind = (file.mediaType.split('/')[1] ?? 'image').toUpperCase();
  return `**${file.name}** is a ${shape} ${kind} image of ${width}×${height} pixels (${((width * height) / 1_000_000).toFixed(1)} megapixels, ${sizeText(file.size)}).`;
}

/** The slow and thorough persona (model id `offline-thorough`): a long answer in sections; it describes attached images. */
export function composeThoroughOfflineAnswer(messages: readonly OfflinePromptMessage[], settings: OfflineCallSettings = {}): string {
  const { words, keywords, preamble, asks, earlierTurns } = requestOf(messages, settings, 5);
  const images = ([...messages].reverse().find((m) => m.role === 'user')?.files ?? []).filter((f) => f.pixels);
  const topic = keywords.length > 0 ? listInProse(keywords) : 'no clear topic';
  return [
    OFFLINE_ANSWER_HEADING,
    ...preamble,
    '',
    '## Overview',
    '',
    `You sent ${asks}: ${words.length} ${words.length === 1 ? 'word' : 'words'} about ${topic}, after ${earlierTurns} earlier ${earlierTurns === 1 ? 'turn' : 'turns'} in this conversation. ` +
      'This answer is long on purpose, so that the side-by-side view shows a long answer next to short ones.',
    ...(images.length > 0 ? ['', '## The image', '', ...images.map(imageInWords), '', 'A configured model that reads images would describe what they show; this one can only measure them.'] : []),
    '',
    '## Background',
    '',
    `A thorough answer would first place ${topic} in context: where the question comes from, which terms need defining, and what is usually assumed. ` +
      'It would then say which parts are settled and which are still debated.',
    '',
    '## Key points',
    '',
    ...(keywords.length > 0
      ? keywords.map((k, i) => `${i + 1}. **${capitalised(k)}**: what it is, why it matters to the question, and how it relates to the other points.`)
      : ['1. **The question itself**: what exactly is asked, and what a good answer would have to cover.']),
    '',
    '## Open questions',
    '',
    '- Which sources would confirm each point?',
    '- What would change the answer: another context, newer facts, a different goal?',
    '',
    '## Summary',
    '',
    `This long outline for ${topic} was composed offline, without contacting any AI provider. Set a provider key for a real, thorough answer.`,
  ].join('\n');
}

const COMPOSERS: Readonly<Record<OfflinePersona, Composer>> = {
  detailed: composeOfflineAnswer,
  brief: composeBriefOfflineAnswer,
  steps: composeStepsOfflineAnswer,
  critic: composeCriticOfflineAnswer,
  code: composeCodeOfflineAnswer,
  thorough: composeThoroughOfflineAnswer,
};
