// Decompression bombs against the real app server in a process of its own: a PDF that unpacks to
// 400 MiB or 4 GiB is refused with a 413 naming the limit, the server's own memory never holds it
// (its peak resident set is read from /proc), and /api/health answers all along.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAppServerProcesses, signatureOnlyServerEnv, spawnAppServer, type AppServerProcess } from '../../support/app-server-process.js';
import { deflateBomb, pdfWithFlateContent } from '../../support/pdf-fixture.js';
import { signedUserToken } from '../../support/signed-token.js';

const MB = 1024 * 1024;
const jwtSecret = randomBytes(32).toString('hex');
let server: AppServerProcess;

beforeAll(async () => {
  // Nothing reaches Supabase here: a refused PDF is refused before anything is stored.
  server = await spawnAppServer(signatureOnlyServerEnv(jwtSecret));
  // The server starts a PDF reader with it; the figures are for a server ready to read.
  await server.waitForLog('pdf reader ready');
}, 60_000);
afterAll(() => killAppServerProcesses());

const token = () => signedUserToken(jwtSecret, 'bomber@example.com');

/** Asks /api/health every 20 ms until stopped: every answer's status and time. */
function healthProbe() {
  const samples: { status: number; ms: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      const response = await fetch(`${server.url}/api/health`);
      await response.arrayBuffer();
      samples.push({ status: response.status, ms: performance.now() - start });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
}

describe('a PDF decompression bomb costs the attacker, not the server', () => {
  for (const mib of [400, 4096]) {
    it(`a PDF unpacking to ${mib} MiB is a 413 naming the limit; the server's memory and health hold`, async () => {
      const bomb = pdfWithFlateContent(deflateBomb(mib));
      const auth = `Bearer ${await token()}`;
      server.resetPeak();
      const before = server.memory().rss;
      const probe = healthProbe();
      const start = performance.now();
      const response = await fetch(`${server.url}/api/attachments?name=report.pdf`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/pdf' },
        body: bomb as Uint8Array<ArrayBuffer>,
      });
      const body = (await response.json()) as Record<string, unknown>;
      const took = performance.now() - start;
      const samples = await probe.stop();
      expect(response.status).toBe(413);
      expect(body).toMatchObject({ error: 'payload_too_large', details: { reason: 'too_large', limit: 'inflated_size', max: 64 * MB } });
      const growth = server.memory().peak - before;
      expect(growth).toBeLessThan(100 * MB);
      expect(samples.length).toBeGreaterThan(0);
      expect(samples.every((s) => s.status === 200)).toBe(true);
      const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
      const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? NaN;
      console.log(`${mib} MiB bomb (${(bomb.length / MB).toFixed(1)} MB upload): refused in ${took.toFixed(0)} ms, server peak RSS +${(growth / MB).toFixed(1)} MB, /api/health p95 ${p95.toFixed(1)} ms over ${samples.length} probes`);
    }, 60_000);
  }
});
