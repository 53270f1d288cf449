import { describe, expect, it } from 'vitest';
import { plainLogLine, terminalLogStream } from '../../server/terminal-log.ts';

describe("The server's log in a terminal", () => {
  it('keeps JSON where the output is not a terminal (containers, pipes, tests)', () => {
    expect(terminalLogStream({ isTTY: false, write: () => {} })).toBeUndefined();
    expect(terminalLogStream({ write: () => {} })).toBeUndefined();
  });

  it('prints plain lines in a terminal: the start-up advice reads as a sentence', () => {
    const written: string[] = [];
    const stream = terminalLogStream({ isTTY: true, write: (line) => written.push(line) })!;
    const time = new Date(2026, 2, 10, 8, 15, 2).getTime();
    stream.write(
      `${JSON.stringify({ level: 40, time, pid: 1, hostname: 'h', msg: 'SITE_URL is not set: set it' })}\n`,
    );
    stream.write(
      `${JSON.stringify({ level: 30, time, reqId: 'req-1', res: { statusCode: 200 }, responseTime: 12.4, msg: 'request completed' })}\n`,
    );
    expect(written).toEqual([
      '08:15:02 WARN SITE_URL is not set: set it\n',
      '08:15:02 INFO request completed 200 12 ms\n',
    ]);
    expect(written.join('')).not.toContain('{');
  });

  it('passes on a line that is not JSON as it is', () => {
    expect(plainLogLine('plain words\n')).toBe('plain words\n');
  });
});
