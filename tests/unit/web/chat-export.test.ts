import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../core/chat/index.js';
import { conversationAsJson, conversationAsMarkdown, exportFileName } from '../../../web/client/features/chat/state/chat-export.js';

const at = '2026-11-24T10:00:00.000Z';
const messages: ChatMessage[] = [
  { id: 'q', conversationId: 'c', role: 'user', content: 'Name a coffee shop', modelId: null, modelIds: ['a', 'b'], inputTokens: null, outputTokens: null, createdAt: at },
  { id: 'x', conversationId: 'c', role: 'assistant', content: 'Café Azulejo\n', modelId: 'a', inputTokens: 3, outputTokens: 4, createdAt: at },
  { id: 'y', conversationId: 'c', role: 'assistant', content: 'Saudade and Co', modelId: 'b', inputTokens: 3, outputTokens: 5, createdAt: at },
];
const labels: Record<string, string> = { a: 'Model A', b: 'Model B' };

describe('conversation export', () => {
  it('Markdown: the title, then each question and each answer under its model label', () => {
    expect(conversationAsMarkdown('Coffee names', messages, (id) => labels[id] ?? id)).toBe(
      '# Coffee names\n\n## You\n\nName a coffee shop\n\n## Model A\n\nCafé Azulejo\n\n## Model B\n\nSaudade and Co\n',
    );
  });

  it('JSON: the conversation and its messages as the API answers them, with a format marker', () => {
    const parsed = JSON.parse(conversationAsJson({ id: 'c', title: 'Coffee names' }, messages)) as Record<string, unknown>;
    expect(parsed).toEqual({ format: 'ensemble.conversation', version: 1, conversation: { id: 'c', title: 'Coffee names' }, messages });
  });

  it.each([
    ['Trip to Lisbon: day 1', 'md', 'trip-to-lisbon-day-1.md'],
    ['  ', 'json', 'conversation.json'],
    ['東京の天気', 'md', '東京の天気.md'],
    ['../../etc/passwd', 'json', 'etc-passwd.json'],
  ] as const)('file name of %j', (title, extension, expected) => {
    expect(exportFileName(title, extension)).toBe(expected);
  });
});

describe('export of instructions and merged answers', () => {
  it('Markdown quotes the instruction under the title and names what a merged answer merged; JSON keeps the settings', () => {
    const messages = [
      { id: 'm1', conversationId: 'c', role: 'user' as const, content: 'Name a lighthouse', modelId: null, modelIds: ['a', 'b'], inputTokens: null, outputTokens: null, createdAt: '2026-01-01T00:00:00.000Z' },
      { id: 'm2', conversationId: 'c', role: 'assistant' as const, content: 'Pharos', modelId: 'a', inputTokens: 1, outputTokens: 1, createdAt: '2026-01-01T00:00:01.000Z' },
      { id: 'm3', conversationId: 'c', role: 'assistant' as const, content: 'Pharos and Eddystone', modelId: 'b', mergedFrom: ['a', 'b'], inputTokens: 1, outputTokens: 1, createdAt: '2026-01-01T00:00:02.000Z' },
    ];
    const labels: Record<string, string> = { a: 'Model A', b: 'Model B' };
    const md = conversationAsMarkdown('Lights', messages, (id) => labels[id] ?? id, 'Be a keeper.\nBe brief.');
    expect(md).toContain('# Lights\n\n> Be a keeper.\n> Be brief.\n');
    expect(md).toContain('## Model B, merging Model A, Model B\n\nPharos and Eddystone');
    const json = JSON.parse(conversationAsJson({ id: 'c', title: 'Lights' }, messages, { instruction: 'Be a keeper.', models: { a: { temperature: 0.5 } } }));
    expect(json.settings).toEqual({ instruction: 'Be a keeper.', models: { a: { temperature: 0.5 } } });
    expect(json.messages[2].mergedFrom).toEqual(['a', 'b']);
  });
});

describe('export of attachments', () => {
  it('Markdown names a question’s files under it; JSON keeps them as the API answers them', () => {
    const withFiles: ChatMessage[] = [
      {
        id: 'q', conversationId: 'c', role: 'user', content: 'What is this?', modelId: 'a', inputTokens: null, outputTokens: null, createdAt: at,
        attachments: [
          { id: 'f1', name: 'harbour.png', mediaType: 'image/png', kind: 'image', size: 300, width: 64, height: 48 },
          { id: 'f2', name: 'notes.md', mediaType: 'text/markdown', kind: 'text', size: 20, textTokens: 5 },
        ],
      },
      { id: 'x', conversationId: 'c', role: 'assistant', content: 'A harbour.', modelId: 'a', inputTokens: 3, outputTokens: 4, createdAt: at },
    ];
    expect(conversationAsMarkdown('Files', withFiles, (id) => labels[id] ?? id)).toBe(
      '# Files\n\n## You\n\nWhat is this?\n\n_Attached: harbour.png, notes.md_\n\n## Model A\n\nA harbour.\n',
    );
    expect((JSON.parse(conversationAsJson({ id: 'c', title: 'Files' }, withFiles)) as { messages: ChatMessage[] }).messages[0]?.attachments).toHaveLength(2);
  });
});
