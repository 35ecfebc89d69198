import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { connect as connectTcp } from 'node:net';
import { connect as connectTls } from 'node:tls';
import type { OutgoingEmail } from './mailbox.js';

/**
 * Optional delivery of the stand-in's e-mails to a local SMTP catcher (Mailpit, MailHog...):
 * `smtp://host:port` in plain text or `smtps://` over TLS, with optional `user:password@` (AUTH PLAIN).
 * No STARTTLS: this is for relays on the developer's machine, not for the internet.
 */
export interface SmtpTarget {
  readonly url: string;
  readonly from: string;
}

export function parseSmtpUrl(url: string): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must look like smtp://host:1025 or smtps://user:pass@host:465, got "${url}"`);
  }
  return parsed;
}

export async function deliverBySmtp(target: SmtpTarget, email: OutgoingEmail): Promise<void> {
  const url = parseSmtpUrl(target.url);
  const secure = url.protocol === 'smtps:';
  const port = Number(url.port || (secure ? 465 : 25));
  const socket = secure
    ? connectTls({ host: url.hostname, port, servername: url.hostname })
    : connectTcp({ host: url.hostname, port });
  const session = smtpSession(socket);
  try {
    await session.expect(220);
    await session.command('EHLO localhost', 250);
    if (url.username) {
      const plain = Buffer.from(`\0${decodeURIComponent(url.username)}\0${decodeURIComponent(url.password)}`).toString('base64');
      await session.command(`AUTH PLAIN ${plain}`, 235);
    }
    await session.command(`MAIL FROM:<${addressOf(target.from)}>`, 250);
    await session.command(`RCPT TO:<${email.to}>`, 250);
    await session.command('DATA', 354);
    await session.command(`${dotStuff(mimeMessage(target.from, email))}\r\n.`, 250);
    await session.command('QUIT', 221);
  } finally {
    socket.destroy();
  }
}

const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

function smtpSession(socket: Socket) {
  let buffer = '';
  let waiting: { code: number; resolve: () => void; reject: (error: Error) => void } | null = null;
  let failure: Error | null = null;
  const settle = () => {
    const pending = waiting;
    if (pending === null) return;
    if (failure) {
      waiting = null;
      pending.reject(failure);
      return;
    }
    // A reply is complete at its last line: three digits and a space (or nothing).
    const lines = buffer.split('\r\n');
    const last = lines.findIndex((line) => /^\d{3}(?: |$)/.test(line));
    if (last === -1) return;
    const reply = lines.slice(0, last + 1).join('\n');
    buffer = lines.slice(last + 1).join('\r\n');
    waiting = null;
    if (Number(lines[last]?.slice(0, 3)) === pending.code) pending.resolve();
    else pending.reject(new Error(`SMTP server answered "${reply}" where ${pending.code} was expected`));
  };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    settle();
  });
  socket.on('error', (error) => {
    failure = error;
    settle();
  });
  socket.on('close', () => {
    failure ??= new Error('SMTP connection closed');
    settle();
  });
  const expect = (code: number) =>
    new Promise<void>((resolve, reject) => {
      waiting = { code, resolve, reject };
      settle();
    });
  return {
    expect,
    command: (line: string, code: number) => {
      const answered = expect(code);
      socket.write(`${line}\r\n`);
      return answered;
    },
  };
}

const base64Lines = (text: string) => Buffer.from(text, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
const encodeHeader = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`);

function mimeMessage(from: string, email: OutgoingEmail): string {
  const boundary = `=_${randomUUID()}`;
  return [
    `From: ${from}`,
    `To: <${email.to}>`,
    `Subject: ${encodeHeader(email.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomUUID()}@supabase-local>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(email.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(email.html),
    `--${boundary}--`,
  ].join('\r\n');
}

/** SMTP ends DATA at a lone dot, so lines starting with one get a second. */
const dotStuff = (message: string) => message.replace(/^\./gm, '..');
