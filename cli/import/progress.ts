import cliProgress from 'cli-progress';

/** How the import shows it is alive: a bar on a terminal, a line now and then in a log, or nothing. */
export type ProgressMode = 'bar' | 'lines' | 'off';

export interface Progress {
  /** Starts a phase; `total` is in bytes of the file (reading) or rows (writing). */
  start(phase: string, total: number): void;
  update(position: number, rows: number): void;
  stop(): void;
}

const LINE_INTERVAL_MS = 2000;

function rate(rows: number, startedAt: number): number {
  const seconds = (performance.now() - startedAt) / 1000;
  return seconds > 0 ? Math.round(rows / seconds) : 0;
}

function barProgress(stream: NodeJS.WriteStream): Progress {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: '{phase} [{bar}] {percentage}% | {rows} rows | {rate} rows/s | ETA {eta_formatted}',
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  let startedAt = 0;
  return {
    start(phase, total) {
      startedAt = performance.now();
      bar.start(Math.max(total, 1), 0, { phase, rows: 0, rate: 0 });
    },
    update(position, rows) {
      bar.update(position, { rows, rate: rate(rows, startedAt) });
    },
    stop() {
      bar.stop();
    },
  };
}

function lineProgress(stream: NodeJS.WritableStream): Progress {
  let phase = '';
  let total = 1;
  let startedAt = 0;
  let lastLine = 0;
  return {
    start(nextPhase, nextTotal) {
      phase = nextPhase;
      total = Math.max(nextTotal, 1);
      startedAt = lastLine = performance.now();
    },
    update(position, rows) {
      const now = performance.now();
      if (now - lastLine < LINE_INTERVAL_MS) return;
      lastLine = now;
      const done = position / total;
      const elapsed = (now - startedAt) / 1000;
      const left = done > 0 ? Math.ceil((elapsed * (1 - done)) / done) : undefined;
      stream.write(
        `${phase}: ${rows.toLocaleString('en-US')} rows, ${Math.floor(done * 100)}%, ` +
          `${rate(rows, startedAt).toLocaleString('en-US')} rows/s${left === undefined ? '' : `, about ${left} s left`}\n`,
      );
    },
    stop() {},
  };
}

export function createProgress(
  mode: ProgressMode,
  stream: NodeJS.WriteStream = process.stderr,
): Progress {
  if (mode === 'bar') return barProgress(stream);
  if (mode === 'lines') return lineProgress(stream);
  return { start() {}, update() {}, stop() {} };
}
