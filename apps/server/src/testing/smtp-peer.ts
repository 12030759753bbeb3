/**
 * A real SMTP peer for tests (`smtp-server` on 127.0.0.1, a free port, no TLS): it keeps every message it
 * accepts, raw, and refuses the recipients it is told to at RCPT TO.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope sender ('' for none). */
  from: string;
  /** Envelope recipients. */
  to: string[];
  /** The whole message as sent (headers and body, CRLF lines). */
  raw: string;
}

export interface SmtpPeer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Messages accepted so far, in order of arrival. */
  received: ReceivedMail[];
  /** Refusals to give at RCPT TO, by recipient address: an SMTP reply code and message. */
  refusals: Map<string, { code: number; message: string }>;
  close(): Promise<void>;
}

/**
 * Starts the peer; it answers once this resolves.
 * @param port where to listen (a peer started again on the port of one that was closed); 0: a free one
 * @param onMail called with each message as it is accepted (the end-to-end run writes them to files)
 */
export async function startSmtpPeer(port = 0, onMail?: (mail: ReceivedMail) => void): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const refusals = new Map<string, { code: number; message: string }>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address);
      if (!refusal) return callback();
      return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  const address = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    refusals,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export interface MimePart {
  /** The part's headers, unfolded and lower-cased. */
  headers: string;
  /** The attachment's file name as written (filename parameter), if the part has one. */
  filename: string | undefined;
  /** The body, decoded from base64 or quoted-printable when the part says so. */
  body: Buffer;
}

/** The bytes of a quoted-printable body (RFC 2045 §6.7): soft line breaks joined, =XX escapes read. */
function fromQuotedPrintable(content: string): Buffer {
  const joined = content.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const escape = joined[i] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (escape) {
      bytes.push(parseInt(escape[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** The parts of a multipart MIME message, at every level of nesting, in order. */
export function mimeParts(raw: string): MimePart[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]!);
  const parts: MimePart[] = [];
  for (const boundary of boundaries) {
    for (const chunk of raw.split(`--${boundary}`).slice(1, -1)) {
      const split = chunk.indexOf('\r\n\r\n');
      const unfolded = chunk.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
      const headers = unfolded.toLowerCase();
      const content = chunk.slice(split + 4);
      const body = /content-transfer-encoding:\s*base64/.test(headers)
        ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
        : /content-transfer-encoding:\s*quoted-printable/.test(headers)
          ? fromQuotedPrintable(content.replace(/\r\n$/, ''))
          : Buffer.from(content.replace(/\r\n$/, ''), 'utf8');
      parts.push({ headers, filename: /filename="?([^";\r\n]+)"?/i.exec(unfolded)?.[1], body });
    }
  }
  return parts;
}
