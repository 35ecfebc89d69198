import { afterAll } from 'vitest';
import { ApiModelGateway } from '../../adapters/app-api/api-model-gateway.js';
import { startTestServer, type TestServer } from '../integration/server/server-harness.js';
import { modelGatewayContract } from './model-gateway.contract.js';

// The browser adapter against the real app server (real model gateway, offline model) on loopback.
let server: Promise<TestServer> | undefined;
afterAll(async () => {
  await (await server)?.close();
});

modelGatewayContract('ApiModelGateway (app server /api/chat on loopback)', async () => {
  server ??= startTestServer({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '1' } });
  const s = await server;
  const user = await s.signIn(10_000);
  return {
    gateway: new ApiModelGateway({ baseUrl: s.url, accessToken: () => user.token }),
    modelId: 'offline',
    prompt: 'Tell me a short story about three ducks crossing a road',
  };
});
