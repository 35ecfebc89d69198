import type { CategoryTranslation, Prompt, PromptTranslation } from '../../core/prompts/index.js';
import type { StoredPrompt } from '../../adapters/in-memory/in-memory-prompt-catalog.js';

/** A stored English prompt as an English reader sees it. */
export const inEnglish = (prompt: StoredPrompt): Prompt => ({ ...prompt, categoryLabel: prompt.category, language: 'en' });

/** A small library covering several categories, tags and a parameterised body. */
export const samplePrompts = (): StoredPrompt[] => [
  {
    id: 'summarize-article',
    title: 'Summarize an article',
    category: 'Writing',
    description: 'Three bullet points and a one-line takeaway.',
    body: 'Summarize the following article for {{audience}} in three bullet points:\n\n{{article}}',
    tags: ['summary', 'reading'],
  },
  {
    id: 'cold-email',
    title: 'Cold e-mail',
    category: 'Marketing',
    description: 'A short first e-mail to a prospect.',
    body: 'Write a cold e-mail of at most {{words}} words to a {{role}} about our product.',
    tags: ['email', 'sales'],
  },
  {
    id: 'explain-code',
    title: 'Explain this code',
    category: 'Engineering',
    description: 'Line by line, for a junior developer.',
    body: 'Explain what this code does, line by line:\n\n{{code}}',
    tags: ['code', 'learning'],
  },
  {
    id: 'review-pull-request',
    title: 'Review a pull request',
    category: 'Engineering',
    description: 'Bugs first, then naming and tests.',
    body: 'Review this diff. List bugs first, then naming, then missing tests.',
    tags: ['code', 'review'],
  },
  {
    id: 'meeting-agenda',
    title: 'Meeting agenda',
    category: 'Productivity',
    description: 'A thirty-minute agenda with owners.',
    body: 'Draft a thirty-minute agenda for a meeting about {{topic}}.',
    tags: ['meetings'],
  },
];

/**
 * Some of the sample library in German and Japanese: two prompts in German (one left in English),
 * one in Japanese; category labels in German except Productivity, and Marketing in Japanese.
 */
export const samplePromptTranslations = (): PromptTranslation[] => [
  {
    promptId: 'summarize-article',
    language: 'de',
    title: 'Einen Artikel zusammenfassen',
    description: 'Drei Stichpunkte und ein Fazit in einer Zeile.',
    body: 'Fasse den folgenden Artikel für {{audience}} in drei Stichpunkten zusammen:\n\n{{article}}',
  },
  {
    promptId: 'cold-email',
    language: 'de',
    title: 'Kaltakquise per E-Mail',
    description: 'Eine kurze erste E-Mail an einen Interessenten.',
    body: 'Schreibe eine Kaltakquise-E-Mail mit höchstens {{words}} Wörtern an eine Person in der Rolle {{role}} über unser Produkt.',
  },
  {
    promptId: 'cold-email',
    language: 'ja',
    title: '初めての営業メール',
    description: '見込み客に送る短い最初のメール。',
    body: '{{role}} の方に、当社製品について {{words}} 語以内の営業メールを書いてください。',
  },
];

export const sampleCategoryLabels = (): CategoryTranslation[] => [
  { category: 'Writing', language: 'de', label: 'Schreiben' },
  { category: 'Marketing', language: 'de', label: 'Marketing' },
  { category: 'Engineering', language: 'de', label: 'Entwicklung' },
  { category: 'Marketing', language: 'ja', label: 'マーケティング' },
];
