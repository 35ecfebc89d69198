import type { Prompt } from '../../core/domain/prompts.js';

let sequence = 0;

/** A prompt with readable defaults; override only what the test is about. */
export const aPrompt = (overrides: Partial<Prompt> = {}): Prompt => {
  sequence += 1;
  return {
    id: `prompt-${sequence}`,
    title: `Prompt ${sequence}`,
    category: 'Writing',
    description: 'A prompt for tests.',
    body: 'Write something.',
    tags: [],
    ...overrides,
  };
};

/** A small library covering several categories, tags and a parameterised body. */
export const samplePrompts = (): Prompt[] => [
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
