import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** What the worker (db/wal-checkpoint-worker.mjs) is started with. */
interface CheckpointWorkerData {
  role: 'wal-checkpoints';
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
  /** Frames in the WAL, and how many of them are in the database file after the checkpoint. */
  walFrames: number;
  checkpointedFrames: number;
  /** The -wal file's size afterwards. */
  walBytes: number;
  ms: number;
}

type ToWorker = { type: 'checkpoint'; id: number } | { type: 'stop' };

type FromWorker =
  | { type: 'report'; id?: number; report: CheckpointReport }
  | { type: 'failed'; id?: number; message: string };

/** SQLite's own default: a connection that writes checkpoints once the WAL holds this many pages. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

export interface WalCheckpointLog {
  debug(message: string): void;
  warn(message: string): void;
  error(details: { err: unknown }, message: string): void;
}

export interface WalCheckpointOptions {
  log: WalCheckpointLog;
  /** How often the worker checkpoints. */
  intervalMs?: number;
  /**
   * Above this -wal file size the worker escalates to TRUNCATE, which waits for readers to
   * leave the WAL and holds off writers meanwhile, and then empties the file.
   */
  truncateAboveBytes?: number;
  /** How long TRUNCATE waits for readers (and so at most holds off the server's writes) before trying again later. */
  busyTimeoutMs?: number;
}

export interface WalCheckpointer {
  /** Runs a checkpoint in the worker now, as the timer does. */
  checkpoint(): Promise<CheckpointReport>;
  /** Stops the worker and closes its connection; the server's connection is left open. */
  stop(): Promise<void>;
}

const STOP_TIMEOUT_MS = 5000;

/**
 * Takes WAL checkpoints away from the server's connection: better-sqlite3 is synchronous,
 * so SQLite's automatic checkpoint, which runs inside the commit that fills the WAL past
 * 1,000 pages, stalled the whole event loop for tens of milliseconds during a staff write.
 * The server's connection stops checkpointing (wal_autocheckpoint = 0) and a worker
 * thread with its own connection checkpoints PASSIVE on a timer, which never blocks the
 * server's readers or writer. If the worker dies, the server's connection checkpoints by
 * itself again, so the WAL stays bounded and the site keeps working.
 */
export async function startWalCheckpoints(
  sqlite: BetterSqlite3.Database,
  file: string,
  {
    log,
    intervalMs = 1000,
    truncateAboveBytes = 64 * 1024 * 1024,
    busyTimeoutMs = 100,
  }: WalCheckpointOptions,
): Promise<WalCheckpointer> {
  // Imported for its address: in the production build it is a chunk of its own, which is
  // what the worker must load (the bundle holding this module would start the server).
  const { WORKER_ROLE, workerModuleUrl } = await import('./wal-checkpoint-worker.mjs');
  const workerData: CheckpointWorkerData = {
    role: WORKER_ROLE,
    file,
    intervalMs,
    truncateAboveBytes,
    busyTimeoutMs,
  };
  const worker = new Worker(new URL(workerModuleUrl), { workerData });
  // Never what keeps the process alive: stop() ends it, and so does the process's exit.
  worker.unref();

  sqlite.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  let failed = false;
  let nextId = 0;
  let last: Pick<CheckpointReport, 'walFrames' | 'checkpointedFrames'> = {
    walFrames: 0,
    checkpointedFrames: 0,
  };
  const pending = new Map<
    number,
    { resolve: (report: CheckpointReport) => void; reject: (error: Error) => void }
  >();

  const fail = (err: unknown, message: string) => {
    if (failed || stopping) return;
    failed = true;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    log.error(
      { err },
      `${message}; the server's own connection checkpoints the WAL again (SQLite's automatic checkpoint), which can stall a write for tens of milliseconds until the server is restarted`,
    );
    for (const { reject } of pending.values()) reject(new Error('the WAL checkpoint worker died'));
    pending.clear();
  };

  worker.on('message', (message: FromWorker) => {
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (message.id !== undefined) pending.delete(message.id);
    if (message.type === 'failed') {
      log.warn(`WAL checkpoint failed, tried again in ${intervalMs} ms: ${message.message}`);
      waiting?.reject(new Error(message.message));
      return;
    }
    const { report } = message;
    // A PASSIVE checkpoint with nothing new to copy reports the same counts as the one before.
    const changed =
      report.mode !== 'PASSIVE' ||
      report.walFrames !== last.walFrames ||
      report.checkpointedFrames !== last.checkpointedFrames;
    last = report;
    if (changed)
      log.debug(
        `WAL checkpoint ${report.mode}: ${report.checkpointedFrames} of ${report.walFrames} frames in the database file${report.busy ? ' (busy)' : ''}, WAL ${report.walBytes} bytes, ${report.ms.toFixed(1)} ms`,
      );
    if (report.mode === 'TRUNCATE' && report.busy)
      log.warn(
        `The WAL is ${report.walBytes} bytes and a reader kept it from being emptied; tried again in ${intervalMs} ms`,
      );
    waiting?.resolve(report);
  });
  worker.on('error', (err) => fail(err, 'The WAL checkpoint worker crashed'));
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      fail(new Error(`exit code ${code}`), 'The WAL checkpoint worker stopped');
      resolve();
    }),
  );

  return {
    checkpoint() {
      if (failed || stopping)
        return Promise.reject(new Error('the WAL checkpoint worker is not running'));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ type: 'checkpoint', id } satisfies ToWorker);
      });
    },
    async stop() {
      if (stopping) return exited;
      stopping = true;
      for (const { reject } of pending.values())
        reject(new Error('the WAL checkpoint worker stopped'));
      pending.clear();
      worker.postMessage({ type: 'stop' } satisfies ToWorker);
      // A checkpoint in progress finishes first; a worker stuck beyond that is ended.
      const timeout = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timeout);
    },
  };
}
