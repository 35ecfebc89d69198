import { afterAll } from 'vitest';
import { createServerKeptChatPorts } from '../../adapters/composition/browser-dependencies.js';
import { startTestServer, type TestServer } from '../integration/server/server-harness.js';
import { modelGatewayContract } from './model-gateway.contract.js';

// The browser's ModelGateway, wired as the browser composition wires it, against the real app
// server (real model gateway, offline model) on loopback. Each stream without a conversation id is
// a new chat: the server stores it in a new conversation and charges the answer.
let server: Promise<TestServer> | undefined;
afterAll(async () => {
  await (await server)?.close();
});

modelGatewayContract('ServerChatGateway (app server /api/chat on loopback)', async () => {
  server ??= startTestServer({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '1' } });
  const s = await server;
  const user = await s.signIn(10_000);
  return {
    gateway: createServerKeptChatPorts({ baseUrl: s.url, accessToken: () => user.token }).modelGateway,
    modelId: 'offline',
    prompt: 'Tell me a short story about three ducks crossing a road',
  };
});
