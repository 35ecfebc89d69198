// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatLayout, type ChatLayoutProps } from '../../../web/client/features/chat/components/chat-layout.js';
import { aroundFirstMatch } from '../../../web/client/features/chat/components/search-results.js';
import type { SearchHit } from '../../../core/chat/index.js';
import { sampleConversations } from './support/sample-data.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

function setup(overrides: Partial<ChatLayoutProps> = {}) {
  const calls: string[] = [];
  renderUi(
    <ChatLayout conversations={sampleConversations} activeId="c2" credits={1250} subscribed={false} email="ada@example.com"
      onNewChat={() => calls.push('new')} onRename={(id, title) => calls.push(`rename:${id}:${title}`)} onPin={(id, pinned) => calls.push(`pin:${id}:${pinned}`)}
      onDelete={(id) => calls.push(`delete:${id}`)} onOpenAccount={() => calls.push('account')} {...overrides}>
      <p>main view</p>
    </ChatLayout>,
  );
  return calls;
}

const sidebar = () => screen.getByRole('complementary', { name: 'Chats and account' });

const hits: SearchHit[] = [
  {
    conversationId: 'c3', conversationTitle: 'Trip to Lisbon', messageId: 'm9', role: 'assistant', modelId: 'offline', at: '2026-03-01T09:00:00.000Z',
    snippet: [{ text: 'Take the ', match: false }, { text: 'tram', match: true }, { text: ' 28 <b>up</b> the hill', match: false }],
  },
  { conversationId: 'c4', conversationTitle: 'Tram timetables', messageId: null, role: null, modelId: null, at: '2026-03-01T09:00:00.000Z', snippet: [{ text: 'Tram', match: true }, { text: ' timetables', match: false }] },
];

describe('ChatLayout', () => {
  it('Ctrl+K (or ⌘+K) goes to the chat search from anywhere', async () => {
    setup();
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search chats' }));
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('{Meta>}k{/Meta}');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search chats' }));
  });

  it('searches titles and messages once two letters are typed; each hit shows its passage with the words marked, as text', async () => {
    const asked: string[] = [];
    const opened: SearchHit[] = [];
    setup({ search: async (q) => (asked.push(q), hits), onOpenHit: (hit) => opened.push(hit) });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'tram');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(asked.at(-1)).toBe('tram');
    const first = within(results).getAllByRole('button')[0] as HTMLElement;
    expect(first.textContent).toContain('Trip to Lisbon');
    expect([...first.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['tram']);
    // Markup in a passage is shown as text, never made into elements.
    expect(first.querySelector('b')).toBeNull();
    expect(first.textContent).toContain('28 <b>up</b> the hill');
    expect(within(results).getAllByRole('button')[1]?.textContent).toContain('In the title');
    await userEvent.click(first);
    expect(opened.map((h) => h.messageId)).toEqual(['m9']);
  });

  it('a search that finds nothing, or fails, says so', async () => {
    setup({ search: async (q) => (q === 'zz' ? [] : null) });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'zz');
    expect(await screen.findByText('Nothing found in your chats')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'x');
    expect(await screen.findByText('Search is not available right now. Try again in a moment.')).toBeTruthy();
  });

  it('keeps the credit balance and the subscription state in view', () => {
    setup();
    expect(within(sidebar()).getByText('1,250')).toBeTruthy();
    expect(within(sidebar()).getByText('No plan')).toBeTruthy();
    expect(within(sidebar()).getByRole('link', { name: 'Subscribe' })).toBeTruthy();
  });

  it('marks the open chat and filters the list by search', async () => {
    setup();
    expect(screen.getByRole('link', { name: 'Regex for invoice numbers' }).getAttribute('aria-current')).toBe('page');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'lisbon');
    expect(within(sidebar()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Trip to Lisbon']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'zzz');
    expect(screen.getByText('No chat matches your search.')).toBeTruthy();
  });

  it('renames a chat in place', async () => {
    const calls = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Rename “Trip to Lisbon”' }));
    const input = screen.getByRole('textbox', { name: 'Rename' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Lisbon in May{Enter}');
    expect(calls).toEqual(['rename:c3:Lisbon in May']);
  });

  it('pins a chat and unpins a pinned one; the pinned ones stand under a heading of their own, above the recent ones', async () => {
    const calls = setup();
    expect(within(sidebar()).queryByRole('heading', { name: 'Pinned' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pin “Trip to Lisbon”' }));
    expect(calls).toEqual(['pin:c3:true']);
    cleanup();
    const pinned = [{ ...sampleConversations[2]!, pinnedAt: '2026-03-02T09:00:00.000Z' }, sampleConversations[0]!, sampleConversations[1]!];
    const again = setup({ conversations: pinned });
    const headings = within(sidebar()).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Pinned', 'Recent chats']);
    const lists = within(sidebar()).getAllByRole('list').filter((list) => list.classList.contains('conversations__list'));
    expect(lists.map((list) => within(list).getAllByRole('listitem').map((li) => li.textContent))).toEqual([['Trip to Lisbon'], ['Quarterly report outline', 'Regex for invoice numbers']]);
    await userEvent.click(screen.getByRole('button', { name: 'Unpin “Trip to Lisbon”' }));
    expect(again).toEqual(['pin:c3:false']);
    // A title filter keeps both groups; when only pinned chats are left, no empty "recent" heading shows.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'lisbon');
    expect(within(sidebar()).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Pinned']);
    expect(within(sidebar()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Trip to Lisbon']);
  });

  it('asks before deleting a chat', async () => {
    const calls = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Delete “Trip to Lisbon”' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this chat?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete “Trip to Lisbon”' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete chat' }));
    expect(calls).toEqual(['delete:c3']);
  });

  it('starts a new chat and opens the account', async () => {
    const calls = setup({ subscribed: true });
    expect(within(sidebar()).getByText('Subscribed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New chat' }));
    await userEvent.click(screen.getByRole('button', { name: /Account/ }));
    expect(calls).toEqual(['new', 'account']);
  });

  it('Ctrl+Shift+O (or ⌘+Shift+O) starts a new chat from anywhere; O alone, or with Ctrl and no Shift, does not', async () => {
    const calls = setup();
    await userEvent.keyboard('{Control>}{Shift>}o{/Shift}{/Control}');
    await userEvent.keyboard('{Meta>}{Shift>}O{/Shift}{/Meta}');
    await userEvent.keyboard('o{Control>}o{/Control}');
    expect(calls).toEqual(['new', 'new']);
  });
});

describe('a search hit’s passage', () => {
  it('starts shortly before its first match, at a word, so the match is in view', () => {
    const long = 'word '.repeat(40);
    const parts = aroundFirstMatch([{ text: `${long}and then the `, match: false }, { text: 'beacon', match: true }, { text: ' shone', match: false }]);
    expect(parts[0]?.text.startsWith('…')).toBe(true);
    expect(parts[0]?.text.length).toBeLessThanOrEqual(49);
    expect(parts.slice(1)).toEqual([{ text: 'beacon', match: true }, { text: ' shone', match: false }]);
    const short = [{ text: 'the ', match: false }, { text: 'beacon', match: true }];
    expect(aroundFirstMatch(short)).toEqual(short);
  });
});
