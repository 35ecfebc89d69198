import { randomUUID } from 'node:crypto';
import { appendFile, chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

/** An e-mail the Auth stand-in sends: one message carries both the magic link and the code. */
export interface OutgoingEmail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly kind: 'magiclink';
  readonly magicLink: string;
  readonly code: string;
}

export interface StoredEmail extends OutgoingEmail {
  readonly id: string;
  readonly sentAt: string;
}

export interface Mailbox {
  send(email: OutgoingEmail): Promise<StoredEmail>;
  /** Newest first; `to` matches the recipient case-insensitively. */
  list(filter?: { readonly to?: string }): readonly StoredEmail[];
  clear(): Promise<void>;
}

const storedEmailSchema = z.object({
  id: z.string(),
  sentAt: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  kind: z.literal('magiclink'),
  magicLink: z.string(),
  code: z.string(),
});

/**
 * Messages live in memory and, when `file` is given, in an append-only JSON-lines file so the
 * mailbox survives restarts of the stand-in.
 */
export async function openMailbox(
  options: { file?: string; now?: () => number; onSent?: (email: StoredEmail) => void } = {},
): Promise<Mailbox> {
  const now = options.now ?? Date.now;
  const { file } = options;
  const messages: StoredEmail[] = file === undefined ? [] : await loadMessages(file);
  // Magic links and one-time codes sign anyone in: the file is the owner's only.
  if (file !== undefined) {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await chmod(file, 0o600).catch(() => undefined);
  }
  return {
    async send(email) {
      const stored: StoredEmail = { id: randomUUID(), sentAt: new Date(now()).toISOString(), ...email };
      messages.push(stored);
      if (file !== undefined) await appendFile(file, `${JSON.stringify(stored)}\n`, { mode: 0o600 });
      options.onSent?.(stored);
      return stored;
    },
    list(filter = {}) {
      const to = filter.to?.trim().toLowerCase();
      const selected = to ? messages.filter((m) => m.to.toLowerCase() === to) : messages;
      return [...selected].reverse();
    },
    async clear() {
      messages.length = 0;
      if (file !== undefined) await writeFile(file, '', { mode: 0o600 });
    },
  };
}

async function loadMessages(file: string): Promise<StoredEmail[]> {
  const content = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  // A line cut short by a crash is skipped rather than blocking the stand-in from starting.
  return content
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        const parsed = storedEmailSchema.safeParse(JSON.parse(line));
        return parsed.success ? [parsed.data] : [];
      } catch {
        return [];
      }
    });
}
