// The body of the server's WAL checkpoint thread (started by db/wal-checkpoints.ts). It has
// a connection of its own, so the copy of the WAL into the database file and its fsyncs
// happen off the event loop. It imports only better-sqlite3 and Node: the production build
// emits it as a chunk of its own, loaded alone in the worker.
import { statSync } from 'node:fs';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

/** Marks the workerData of this thread, so that importing the module anywhere else does nothing. */
export const WORKER_ROLE = 'wal-checkpoints';

/** This module's own address: in the production build, that of the chunk the worker runs. */
export const workerModuleUrl = import.meta.url;

export interface CheckpointWorkerData {
  role: typeof WORKER_ROLE;
  file: string;
  intervalMs: number;
  truncateAboveBytes: number;
  busyTimeoutMs: number;
}

export interface CheckpointReport {
  /**
   * PASSIVE never waits and never blocks a writer; TRUNCATE is tried when the WAL file is
   * still larger than the limit after it, and waits for readers to leave the WAL.
   */
  mode: 'PASSIVE' | 'TRUNCATE';
  /** Whether the checkpoint could not finish because a reader or writer was in the way. */
  busy: boolean;
  /** Frames in the WAL before the checkpoint returned, and how many of them are now in the database file. */
  walFrames: number;
  checkpointedFrames: number;
  /** The -wal file's size afterwards. */
  walBytes: number;
  ms: number;
}

export type ToWorker = { type: 'checkpoint'; id: number } | { type: 'stop' };

export type FromWorker =
  | { type: 'report'; id?: number; report: CheckpointReport }
  | { type: 'failed'; id?: number; message: string };

interface CheckpointRow {
  busy: number;
  log: number;
  checkpointed: number;
}

function walBytes(file: string): number {
  return statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
}

function run(data: CheckpointWorkerData, port: NonNullable<typeof parentPort>): void {
  const sqlite = new BetterSqlite3(data.file, { fileMustExist: true });
  // Waited only by TRUNCATE, which holds off the server's writes meanwhile: kept short, and
  // tried again at the next tick.
  sqlite.pragma(`busy_timeout = ${data.busyTimeoutMs}`);
  // A checkpoint syncs the WAL before copying it and the database file after, at NORMAL as at FULL.
  sqlite.pragma('synchronous = FULL');

  const checkpoint = (mode: CheckpointReport['mode']): CheckpointReport => {
    const started = performance.now();
    const [row] = sqlite.pragma(`wal_checkpoint(${mode})`) as CheckpointRow[];
    return {
      mode,
      busy: row?.busy === 1,
      walFrames: row?.log ?? 0,
      checkpointedFrames: row?.checkpointed ?? 0,
      walBytes: walBytes(data.file),
      ms: performance.now() - started,
    };
  };

  const tick = (id?: number): void => {
    try {
      let report = checkpoint('PASSIVE');
      if (report.walBytes > data.truncateAboveBytes) report = checkpoint('TRUNCATE');
      port.postMessage({ type: 'report', id, report } satisfies FromWorker);
    } catch (error) {
      // SQLITE_BUSY (another connection checkpointing), a disk error: the next tick tries again.
      port.postMessage({ type: 'failed', id, message: String(error) } satisfies FromWorker);
    }
  };

  const timer = setInterval(tick, data.intervalMs);
  port.on('message', (message: ToWorker) => {
    if (message.type === 'checkpoint') tick(message.id);
    else {
      clearInterval(timer);
      port.close();
      sqlite.close();
    }
  });
}

const data = workerData as Partial<CheckpointWorkerData> | null;
if (!isMainThread && parentPort && data?.role === WORKER_ROLE) {
  run(data as CheckpointWorkerData, parentPort);
}
