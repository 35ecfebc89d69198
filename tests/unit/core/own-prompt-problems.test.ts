import { describe, expect, it } from 'vitest';
import { OWN_PROMPT_LIMITS, ownPromptProblems } from '../../../core/prompts/index.js';

const fine = { title: 'Stand-up', description: '', body: 'Notes for {{team}}' };

describe('what is wrong with an own prompt before it is saved', () => {
  it('nothing, for a title and a text within their limits (the description may be empty)', () => {
    expect(ownPromptProblems(fine)).toEqual([]);
    expect(ownPromptProblems({ title: 'x'.repeat(OWN_PROMPT_LIMITS.title), description: 'd'.repeat(OWN_PROMPT_LIMITS.description), body: 'b'.repeat(OWN_PROMPT_LIMITS.body) })).toEqual([]);
  });

  it('a title or a text of nothing but spaces is missing; each field past its limit is too long, in the form\'s order', () => {
    expect(ownPromptProblems({ title: '  ', description: '', body: ' \n ' })).toEqual([
      { field: 'title', problem: 'required', max: OWN_PROMPT_LIMITS.title },
      { field: 'body', problem: 'required', max: OWN_PROMPT_LIMITS.body },
    ]);
    expect(ownPromptProblems({ title: 'x'.repeat(OWN_PROMPT_LIMITS.title + 1), description: 'd'.repeat(OWN_PROMPT_LIMITS.description + 1), body: 'b'.repeat(OWN_PROMPT_LIMITS.body + 1) })).toEqual([
      { field: 'title', problem: 'tooLong', max: 120 },
      { field: 'description', problem: 'tooLong', max: 400 },
      { field: 'body', problem: 'tooLong', max: 8000 },
    ]);
  });

  it('counts a title without its outer spaces, and the text as written (as the use case stores them)', () => {
    expect(ownPromptProblems({ ...fine, title: ` ${'x'.repeat(OWN_PROMPT_LIMITS.title)} ` })).toEqual([]);
    expect(ownPromptProblems({ ...fine, body: ` ${'b'.repeat(OWN_PROMPT_LIMITS.body)}` })).toEqual([{ field: 'body', problem: 'tooLong', max: OWN_PROMPT_LIMITS.body }]);
  });
});
