import { EventEmitter, once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { createServer } from 'node:net';

export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  readonly auth: string | null;
  /** The DATA section, dot-unstuffed. */
  readonly data: string;
}

/**
 * A minimal SMTP server (RFC 5321 happy path plus scripted refusals) standing in for a local mail
 * catcher such as Mailpit, which cannot run inside the test process.
 */
export async function startSmtpReceiver(options: { refuseRecipient?: string } = {}) {
  const events = new EventEmitter();
  const received: ReceivedMail[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let mail = { from: '', to: [] as string[], auth: null as string | null, data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test-receiver ESMTP');
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          events.emit('mail', mail);
          mail = { from: '', to: [], auth: mail.auth, data: '' };
          reply('250 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.split(' ')[0]?.toUpperCase();
        if (verb === 'EHLO') reply('250-test-receiver\r\n250 AUTH PLAIN');
        else if (verb === 'AUTH') {
          mail.auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8');
          reply('235 ok');
        } else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 ok');
        } else if (verb === 'RCPT') {
          const to = /<([^>]*)>/.exec(line)?.[1] ?? '';
          if (to === options.refuseRecipient) reply('550 no such mailbox');
          else {
            mail.to.push(to);
            reply('250 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 not implemented');
      }
    });
    socket.on('error', () => socket.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves with the next message, or one that already arrived beyond `alreadySeen`. */
    nextMail: async (alreadySeen = 0): Promise<ReceivedMail> =>
      received[alreadySeen] ?? ((await once(events, 'mail')) as [ReceivedMail])[0],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes the base64 bodies of a multipart message we sent. */
export function decodedParts(data: string): string[] {
  return [...data.matchAll(/Content-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
    Buffer.from((m[1] ?? '').replace(/\r\n/g, ''), 'base64').toString('utf8'),
  );
}
