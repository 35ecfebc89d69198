import type { ChatMessage, Conversation, ConversationSettings } from '../../../../../core/chat/index.js';

/**
 * A conversation as Markdown: a heading, its system instruction when it has one, then each question
 * (with the names of its files) and each model's answer under its label (a merged answer says which
 * answers it merged, a stopped one that it was stopped).
 */
export function conversationAsMarkdown(title: string, messages: readonly ChatMessage[], labelOf: (modelId: string) => string, instruction = ''): string {
  const lines = [`# ${title.replace(/\n/g, ' ')}`, ''];
  if (instruction.trim() !== '') lines.push(...instruction.trim().split('\n').map((line) => `> ${line}`), '');
  for (const m of messages) {
    if (m.role === 'system') continue;
    if (m.role === 'user') {
      lines.push('## You', '', m.content.trim(), '');
      // The files go by name (their bytes stay in the app).
      if (m.attachments && m.attachments.length > 0) lines.push(`_Attached: ${m.attachments.map((a) => a.name).join(', ')}_`, '');
    }
    else if (m.mergedFrom) lines.push(`## ${m.modelId ? labelOf(m.modelId) : 'Assistant'}, merging ${m.mergedFrom.map(labelOf).join(', ')}`, '', m.content.trim(), '');
    else lines.push(`## ${m.modelId ? labelOf(m.modelId) : 'Assistant'}`, '', m.content.trim(), '');
    // An answer stopped before its end says so, as the chat does.
    if (m.role === 'assistant' && m.stopped) lines.push('_Stopped before the end._', '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** A conversation as JSON, in the shape GET /api/conversations/{id} answers (with an export version). */
export function conversationAsJson(
  conversation: Conversation | { id: string; title: string },
  messages: readonly ChatMessage[],
  settings?: ConversationSettings,
): string {
  return `${JSON.stringify({ format: 'ensemble.conversation', version: 1, conversation, ...(settings ? { settings } : {}), messages }, null, 2)}\n`;
}

/** A file name from the title: letters, digits and dashes, never empty. */
export function exportFileName(title: string, extension: 'md' | 'json'): string {
  const base = title.normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60).toLowerCase();
  return `${base || 'conversation'}.${extension}`;
}
