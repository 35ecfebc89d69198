import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_REQUEST, type AttachmentRef, promptMessagesFor, type HistoryMessage } from '../../../core/chat/index.js';
import type { PromptAttachment } from '../../../core/chat/index.js';

// What one request carries of a conversation's images: the newest, up to 10 MB and 20 images; every
// older one is named in its message instead, as an image is named to a model that cannot see it.

const image = (id: string, size: number): { ref: AttachmentRef; file: PromptAttachment } => ({
  ref: { id, name: `${id}.png`, mediaType: 'image/png', kind: 'image', size, width: 800, height: 600 },
  file: { kind: 'image', name: `${id}.png`, mediaType: 'image/png', size, width: 800, height: 600, data: new Uint8Array(size) },
});
const text = (id: string): { ref: AttachmentRef; file: PromptAttachment } => ({
  ref: { id, name: `${id}.md`, mediaType: 'text/markdown', kind: 'text', size: 5, textTokens: 2 },
  file: { kind: 'text', name: `${id}.md`, mediaType: 'text/markdown', size: 5, text: 'notes' },
});

function conversation(...turns: { ref: AttachmentRef; file: PromptAttachment }[][]) {
  const loaded = new Map(turns.flat().map((f) => [f.ref.id, f.file]));
  const messages: HistoryMessage[] = turns.flatMap((files, i) => [
    { role: 'user' as const, content: `question ${i + 1}`, attachments: files.map((f) => f.ref) },
    ...(i < turns.length - 1 ? [{ role: 'assistant' as const, content: `answer ${i + 1}` }] : []),
  ]);
  return { messages, loaded };
}
const sentNames = (prompt: ReturnType<typeof promptMessagesFor>) => prompt.map((m) => (m.attachments ?? []).map((a) => a.name));

describe('the images one request carries', () => {
  it('the newest images first, up to 10 MB: earlier ones beyond it are named in their message, text files still go', () => {
    const { messages, loaded } = conversation(
      [image('first', MAX_IMAGE_BYTES), image('second', MAX_IMAGE_BYTES), text('notes')],
      [image('third', MAX_IMAGE_BYTES), image('fourth', MAX_IMAGE_BYTES)],
    );
    const prompt = promptMessagesFor(messages, loaded, { supportsImages: true });
    // 7.5 MB of the last question's images, then the second (11.25 MB) would be over: it and every older one are named.
    expect(sentNames(prompt)).toEqual([['notes.md'], [], ['third.png', 'fourth.png']]);
    expect(prompt[0]?.content).toBe(
      'question 1\n\n[Attached but not included: first.png (an earlier image left out: one request carries at most 10 MB or 20 images), ' +
        'second.png (an earlier image left out: one request carries at most 10 MB or 20 images)]',
    );
    expect(prompt[2]?.content).toBe('question 2');
  });

  it('an older image that would still fit is left out once a newer one was: the images sent are the latest ones', () => {
    const { messages, loaded } = conversation([image('tiny', 1000)], [image('big', MAX_IMAGE_BYTES)], [image('a', MAX_IMAGE_BYTES), image('b', MAX_IMAGE_BYTES)]);
    expect(sentNames(promptMessagesFor(messages, loaded, { supportsImages: true }))).toEqual([[], [], [], [], ['a.png', 'b.png']]);
  });

  it('at most 20 images, the newest', () => {
    const turns = Array.from({ length: 6 }, (_, t) => Array.from({ length: 4 }, (_, i) => image(`t${t}i${i}`, 1000)));
    const { messages, loaded } = conversation(...turns);
    const sent = sentNames(promptMessagesFor(messages, loaded, { supportsImages: true })).flat();
    expect(sent).toHaveLength(MAX_IMAGES_PER_REQUEST);
    expect(sent[0]).toBe('t1i0.png');
    expect(sent.at(-1)).toBe('t5i3.png');
  });

  it('a model that reads no images has every image named, whatever the budget', () => {
    const { messages, loaded } = conversation([image('photo', 1000), text('notes')]);
    const prompt = promptMessagesFor(messages, loaded, { supportsImages: false });
    expect(sentNames(prompt)).toEqual([['notes.md']]);
    expect(prompt[0]?.content).toBe('question 1\n\n[Attached but not included: photo.png (an image this model cannot see)]');
  });
});
