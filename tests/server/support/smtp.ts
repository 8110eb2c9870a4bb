import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface LocalSmtp {
  url: string;
  mails: ReceivedMail[];
  /** resolves with the next mail to arrive (or the first one already there when none is awaited yet) */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (random port, user test / pass test) that keeps what it receives. */
export async function startLocalSmtp(): Promise<LocalSmtp> {
  const mails: ReceivedMail[] = [];
  const waiting: Array<(m: ReceivedMail) => void> = [];
  let read = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'test' && auth.password === 'test') callback(null, { user: 'test' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        mails.push(mail);
        const w = waiting.shift();
        if (w) {
          read++;
          w(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://test:test@127.0.0.1:${port}`,
    mails,
    next: (timeoutMs = 10_000) =>
      new Promise<ReceivedMail>((resolve, reject) => {
        if (read < mails.length) {
          resolve(mails[read++]!);
          return;
        }
        const timer = setTimeout(() => reject(new Error('no mail arrived')), timeoutMs);
        waiting.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of a mail's body parts (quoted-printable or base64, as nodemailer writes them). */
export function mailText(raw: string): string {
  const out: string[] = [];
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    if (/content-transfer-encoding:\s*base64/i.test(head)) out.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      out.push(Buffer.from(bytes, 'latin1').toString('utf8'));
    } else out.push(body);
  }
  return out.join('\n');
}

/** The decoded Subject header of a mail (RFC 2047 encoded words, as nodemailer writes a non-ASCII subject). */
export function mailSubject(raw: string): string {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const value = /^subject:[ \t]*(.*)$/im.exec(head)?.[1] ?? '';
  const bytes = value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('latin1')
      : text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8').trim();
}
