import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** One message the test mail server accepted, parsed as far as the tests read it. */
export interface ReceivedMail {
  to: string[];
  /** Header names in lower case, values unfolded and decoded (RFC 2047 UTF-8 words). */
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  raw: string;
}

function decodeWords(value: string): string {
  return value.replace(
    /=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi,
    (_match, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
  // Percent-decode byte by byte so multi-byte UTF-8 survives; a literal % is escaped first.
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeWords(line.slice(colon + 1).trim()),
      );
  }
  return headers;
}

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  return {
    headers: parseHeaders(raw.slice(0, end)),
    body: raw.slice(end).replace(/^\r?\n\r?\n/, ''),
  };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain and text/html parts of a multipart/alternative message (or its one body). */
function parts(headers: Map<string, string>, body: string): { text: string; html: string } {
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) {
    const decoded = decodeBody(headers, body);
    return headers.get('content-type')?.startsWith('text/html')
      ? { text: '', html: decoded }
      : { text: decoded, html: '' };
  }
  const found = { text: '', html: '' };
  for (const section of body.split(`--${boundary}`).slice(1)) {
    if (section.startsWith('--')) break;
    const part = splitMessage(section.replace(/^\r?\n/, ''));
    const type = part.headers.get('content-type') ?? '';
    if (type.startsWith('text/plain')) found.text = decodeBody(part.headers, part.body);
    if (type.startsWith('text/html')) found.html = decodeBody(part.headers, part.body);
  }
  return found;
}

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers, body } = splitMessage(raw);
  return {
    to,
    headers,
    subject: headers.get('subject') ?? '',
    messageId: headers.get('message-id') ?? '',
    ...parts(headers, body),
    raw,
  };
}

export interface TestInbox {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Mail to one address, in arrival order. */
  to(address: string): ReceivedMail[];
  /** Waits until `count` messages matching `filter` have arrived (or fails after `timeoutMs`). */
  waitFor(
    count: number,
    filter?: (mail: ReceivedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail[]>;
  /** Holds back every answer to a message from now on (the sender waits, mid-message). */
  hold(): void;
  /** How many messages are being held, their answer not yet sent. */
  readonly heldCount: number;
  /**
   * Answers the held messages (those whose sender is still connected) with 250 and accepts
   * again; answers the messages so accepted.
   */
  release(): ReceivedMail[];
  /** Stops answering: open connections are dropped and new ones refused. */
  down(): Promise<void>;
  /** Answers again, on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process (the smtp-server package), no authentication, on
 * loopback. A message counts as received only once the server has answered 250 to it while
 * the client was still connected: `acceptDelayMs` holds that answer back, so a test can kill
 * the sender while a message is in flight, and a message whose client died first is
 * dropped, as the sender never heard it was taken.
 */
export async function startInbox(
  /** `host`: where to listen, loopback unless a container must reach it (0.0.0.0). */
  options: { port?: number; acceptDelayMs?: number; host?: string } = {},
): Promise<TestInbox> {
  const received: ReceivedMail[] = [];
  let held: (() => void)[] | undefined;
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const closed = new Set<string>();
      const instance = new SMTPServer({
        authOptional: true,
        disabledCommands: ['AUTH', 'STARTTLS'],
        logger: false,
        closeTimeout: 50,
        onClose(session: SMTPServerSession) {
          closed.add(session.id);
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const accept = () => {
              if (closed.has(session.id)) return;
              received.push(
                parseMail(
                  Buffer.concat(chunks).toString('utf8'),
                  session.envelope.rcptTo.map((address) => address.address),
                ),
              );
              callback();
            };
            const answer = () => (held ? held.push(accept) : accept());
            if (options.acceptDelayMs) setTimeout(answer, options.acceptDelayMs);
            else answer();
          });
        },
      });
      instance.on('error', () => {});
      instance.listen(port, options.host ?? '127.0.0.1', () => {
        const address = (
          instance as unknown as { server: { address(): { port: number } } }
        ).server.address();
        port = address.port;
        server = instance;
        resolve();
      });
      instance.server.once('error', reject);
    });

  await listen();
  const inbox: TestInbox = {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    to: (address) => received.filter((mail) => mail.to.includes(address)),
    async waitFor(count, filter = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = received.filter(filter);
        if (matching.length >= count) return matching;
        if (Date.now() > deadline) {
          throw new Error(
            `expected ${count} messages, received ${matching.length}: ${received.map((mail) => `${mail.to.join(',')} ${mail.subject}`).join(' | ')}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    hold() {
      held ??= [];
    },
    get heldCount() {
      return held?.length ?? 0;
    },
    release() {
      const waiting = held ?? [];
      held = undefined;
      const before = received.length;
      for (const accept of waiting) accept();
      return received.slice(before);
    },
    down: () =>
      new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    up: listen,
    close: () => inbox.down(),
  };
  return inbox;
}
