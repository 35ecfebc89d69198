import { MERGE_PROMPT_OPENING } from '../../core/chat/index.js';

/**
 * The offline models' answers: pure functions of the model id and the conversation, so the same
 * prompt always gets the same text. Each persona labels itself as offline in its first line so
 * nobody mistakes it for a real model. Two personas exist so that the side-by-side view has two
 * visibly different columns with no provider configured.
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

/** `detailed` restates the question and gives a structured list; `brief` answers in two sentences. */
export type OfflinePersona = 'detailed' | 'brief';

/** The catalogue id that answers as the brief persona; every other offline id answers in detail. */
export const OFFLINE_BRIEF_MODEL_ID = 'offline-brief';

export const OFFLINE_ANSWER_HEADING = '**Offline model (local)**: no AI provider was contacted.';
export const OFFLINE_BRIEF_ANSWER_HEADING = '**Offline model, brief (local)**: no AI provider was contacted.';

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

export function offlinePersonaOf(modelId: string): OfflinePersona {
  return modelId === OFFLINE_BRIEF_MODEL_ID ? 'brief' : 'detailed';
}

/** The answer of the offline model with this catalogue id. */
export function composeOfflineAnswerFor(modelId: string, messages: readonly OfflinePromptMessage[], settings: OfflineCallSettings = {}): string {
  return offlinePersonaOf(modelId) === 'brief' ? composeBriefOfflineAnswer(messages, settings) : composeOfflineAnswer(messages, settings);
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
    OFFLINE_BRIEF_ANSWER_HEADING,
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
