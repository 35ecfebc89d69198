/**
 * The offline model's answer: a pure function of the conversation, so the same prompt always gets
 * the same text. It is labelled as offline in its first line so nobody mistakes it for a real model.
 */
export interface OfflinePromptMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly text: string;
}

export const OFFLINE_ANSWER_HEADING = '**Offline model (local)**: no AI provider was contacted.';

const CODE_HINT = /```|\b(code|function|class|bug|compile|script|program|typescript|javascript|python|sql|regex|api)\b/i;
const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from how i in is it me my of on or please so that the this to was what when where which who why will with would you your'.split(
    ' ',
  ),
);
const QUOTE_LIMIT = 160;

export function composeOfflineAnswer(messages: readonly OfflinePromptMessage[]): string {
  const question = lastUserText(messages);
  const words = question.match(/[\p{L}\p{N}_']+/gu) ?? [];
  const keywords = [...new Set(words.map((w) => w.toLowerCase()).filter((w) => w.length > 2 && !STOP_WORDS.has(w)))].slice(0, 5);
  const earlierTurns = messages.filter((m) => m.role !== 'system').length - 1;
  const lines = [
    OFFLINE_ANSWER_HEADING,
    '',
    question.length === 0 ? 'You sent an empty message.' : `You asked: "${quote(question)}"`,
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

function lastUserText(messages: readonly OfflinePromptMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role === 'user') return message.text.trim();
  }
  return '';
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
