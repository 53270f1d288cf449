/**
 * The server's log as a person reads it in a terminal: one plain line per entry
 * ("08:15:02 WARN SITE_URL is not set …"), so the start-up lines that say what to do next
 * are not buried in JSON. Anywhere else (a container, a pipe, a test) the log stays JSON,
 * one object a line, for the machines that collect it.
 */

/** Where the log goes: what Fastify's logger writes to. */
export interface LogStream {
  write(line: string): void;
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

interface LogEntry {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** One JSON log line as plain text; a line that is not JSON is passed on as it is. */
export function plainLogLine(line: string): string {
  let entry: LogEntry;
  try {
    entry = JSON.parse(line) as LogEntry;
  } catch {
    return line;
  }
  const time = new Date(entry.time ?? Date.now());
  const clock = `${twoDigits(time.getHours())}:${twoDigits(time.getMinutes())}:${twoDigits(time.getSeconds())}`;
  const parts = [clock, LEVELS[entry.level ?? 30] ?? 'INFO', entry.msg ?? ''];
  if (entry.req?.method) parts.push(`${entry.req.method} ${entry.req.url ?? ''}`);
  if (entry.res?.statusCode) parts.push(String(entry.res.statusCode));
  if (entry.responseTime !== undefined) parts.push(`${Math.round(entry.responseTime)} ms`);
  const text = parts.filter((part) => part !== '').join(' ');
  return `${entry.err?.stack ? `${text}\n${entry.err.stack}` : text}\n`;
}

/** Plain lines to `out` when it is a terminal; undefined (the logger's JSON) when it is not. */
export function terminalLogStream(out: LogStream & { isTTY?: boolean }): LogStream | undefined {
  if (!out.isTTY) return undefined;
  return { write: (line) => out.write(plainLogLine(line)) };
}
