import { describe, expect, it } from 'vitest';
import { titleFromMessage } from '../../../core/chat/index.js';

describe('a new conversation is named after its first message', () => {
  it('keeps a short message as it is, on one line', () => {
    expect(titleFromMessage('Name three rivers')).toBe('Name three rivers');
    expect(titleFromMessage('  Name\n\nthree   rivers  ')).toBe('Name three rivers');
  });

  it('cuts a long message at a word boundary and stores no ellipsis (a list too narrow draws its own)', () => {
    const title = titleFromMessage('Explain the difference between optimistic and pessimistic locking in a relational database');
    expect(title).toBe('Explain the difference between optimistic and pessimistic');
    expect(title.length).toBeLessThanOrEqual(60);
    // One long word is cut where the limit falls, still without an ellipsis.
    expect(titleFromMessage('x'.repeat(90))).toBe('x'.repeat(60));
  });

  it('shows the words of a markdown message, not its markup', () => {
    expect(titleFromMessage('Explain **streaming** in `fetch`')).toBe('Explain streaming in fetch');
    expect(titleFromMessage('# Plan\n- first _draft_ of the [roadmap](https://example.com/r)')).toBe('Plan first draft of the roadmap');
    expect(titleFromMessage('```ts\nconst x = 1;\n```\nWhy is this ~~wrong~~ slow?')).toBe('const x = 1; Why is this wrong slow?');
    expect(titleFromMessage('> quoted line\n1. step one')).toBe('quoted line step one');
  });

  it('leaves characters that are not markup alone', () => {
    expect(titleFromMessage('snake_case_names and 2*3*4 = 24')).toBe('snake_case_names and 2*3*4 = 24');
    expect(titleFromMessage('C# vs F#: which one?')).toBe('C# vs F#: which one?');
  });

  it('a message of markup only keeps its own text rather than an empty title', () => {
    expect(titleFromMessage('```')).toBe('```');
    expect(titleFromMessage('**')).toBe('**');
  });
});
