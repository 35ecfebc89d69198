/**
 * The app server's /api routes, shared by the inventory test (auth-and-validation.test.ts: a route
 * the app registers but no list names fails it) and the fuzz suite (api-fuzz.test.ts), so a route
 * added to the app is fuzzed as soon as it is listed.
 */

/**
 * Every route that acts for a user, with a valid body so only the token decides. `c1` stands for a
 * route's id (the inventory test reads it as `:id`); an id no user owns, so it answers 404.
 */
export const USER_ROUTES: readonly { method: string; path: string; json?: unknown }[] = [
  { method: 'POST', path: '/api/chat', json: { message: 'hi', modelIds: ['offline'] } },
  { method: 'POST', path: '/api/chat/regenerate', json: { conversationId: 'c1' } },
  { method: 'POST', path: '/api/chat/edit-last', json: { conversationId: 'c1', message: 'hi' } },
  { method: 'GET', path: '/api/conversations' },
  { method: 'GET', path: '/api/conversations/export' },
  { method: 'POST', path: '/api/conversations', json: {} },
  { method: 'GET', path: '/api/conversations/c1' },
  { method: 'GET', path: '/api/conversations/c1?limit=5&before=c1' },
  { method: 'GET', path: '/api/conversations/c1/messages' },
  { method: 'POST', path: '/api/conversations/c1/messages/c1/show', json: { version: 1 } },
  { method: 'PATCH', path: '/api/conversations/c1', json: { title: 'x' } },
  { method: 'PUT', path: '/api/conversations/c1/pin', json: { pinned: true } },
  { method: 'DELETE', path: '/api/conversations/c1' },
  { method: 'GET', path: '/api/conversations/c1/share' },
  { method: 'POST', path: '/api/conversations/c1/share', json: {} },
  { method: 'DELETE', path: '/api/conversations/c1/share' },
  { method: 'POST', path: '/api/chat/merge', json: { conversationId: 'c1', modelId: 'offline' } },
  { method: 'POST', path: '/api/conversations/c1/summary', json: { modelId: 'offline', message: 'Summary to continue from' } },
  { method: 'GET', path: '/api/chat/runs/c1/events' },
  { method: 'POST', path: '/api/chat/runs/c1/stop' },
  { method: 'GET', path: '/api/conversations/c1/settings' },
  { method: 'PUT', path: '/api/conversations/c1/settings', json: { settings: { instruction: '', models: {} } } },
  { method: 'GET', path: '/api/search' },
  { method: 'GET', path: '/api/instruction-presets' },
  { method: 'POST', path: '/api/instruction-presets', json: { name: 'x', instruction: 'y' } },
  { method: 'DELETE', path: '/api/instruction-presets/c1' },
  { method: 'PUT', path: '/api/conversations/c1/turns/c1/vote', json: { modelId: 'offline', blind: true } },
  { method: 'GET', path: '/api/conversations/c1/votes' },
  { method: 'GET', path: '/api/leaderboard?period=30d' },
  { method: 'GET', path: '/api/leaderboard.csv?period=all' },
  { method: 'GET', path: '/api/credits' },
  { method: 'POST', path: '/api/attachments?name=notes.txt' },
  { method: 'GET', path: '/api/attachments/c1/content' },
  { method: 'GET', path: '/api/attachments/c1/link' },
  { method: 'DELETE', path: '/api/attachments/c1' },
  { method: 'GET', path: '/api/account' },
  { method: 'GET', path: '/api/account/spending-cap' },
  { method: 'PUT', path: '/api/account/spending-cap', json: { cap: 100 } },
  { method: 'GET', path: '/api/billing/state' },
  { method: 'POST', path: '/api/billing/checkout', json: {} },
  { method: 'POST', path: '/api/billing/subscription/cancel', json: { reason: 'unused' } },
  { method: 'POST', path: '/api/billing/subscription/resume', json: {} },
  { method: 'GET', path: '/api/billing/checkouts/c1' },
  { method: 'POST', path: '/api/billing/portal', json: {} },
];

/** The only /api routes anyone may call without a user token; every other one must be in USER_ROUTES. */
export const PUBLIC_ROUTES: readonly string[] = ['GET /api/health', 'GET /api/config', 'GET /api/models', 'GET /api/billing/plan', 'POST /api/webhooks/billing', 'GET /api/shared/:id'];
