// The body of the server's WAL checkpoint thread (started by db/wal-checkpoints.ts, where
// the messages' types are). It has a connection of its own, so the copy of the WAL into
// the database file and its fsyncs happen off the event loop. Plain JavaScript, so a
// worker runs it from source as from the build without a TypeScript loader (tsx took a
// worker 170 ms to start, against 40), and it imports only better-sqlite3 and Node: the
// production build emits it as a chunk of its own, loaded alone in the worker.
import { statSync } from 'node:fs';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

/** Marks the workerData of this thread, so that importing the module anywhere else does nothing. */
export const WORKER_ROLE = 'wal-checkpoints';

/** This module's own address: in the production build, that of the chunk the worker runs. */
export const workerModuleUrl = import.meta.url;

function walBytes(file) {
  return statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
}

function run(data, port) {
  const sqlite = new BetterSqlite3(data.file, { fileMustExist: true });
  // Waited only by TRUNCATE, which holds off the server's writes meanwhile: kept short, and
  // tried again at the next tick.
  sqlite.pragma(`busy_timeout = ${data.busyTimeoutMs}`);
  // A checkpoint syncs the WAL before copying it and the database file after, at NORMAL as at FULL.
  sqlite.pragma('synchronous = FULL');

  const checkpoint = (mode) => {
    const started = performance.now();
    const [row] = sqlite.pragma(`wal_checkpoint(${mode})`);
    return {
      mode,
      busy: row?.busy === 1,
      walFrames: row?.log ?? 0,
      checkpointedFrames: row?.checkpointed ?? 0,
      walBytes: walBytes(data.file),
      ms: performance.now() - started,
    };
  };

  const tick = (id) => {
    try {
      let report = checkpoint('PASSIVE');
      if (report.walBytes > data.truncateAboveBytes) report = checkpoint('TRUNCATE');
      port.postMessage({ type: 'report', id, report });
    } catch (error) {
      // SQLITE_BUSY (another connection checkpointing), a disk error: the next tick tries again.
      port.postMessage({ type: 'failed', id, message: String(error) });
    }
  };

  const timer = setInterval(tick, data.intervalMs);
  port.on('message', (message) => {
    if (message.type === 'checkpoint') tick(message.id);
    else {
      clearInterval(timer);
      port.close();
      sqlite.close();
    }
  });
}

if (!isMainThread && parentPort && workerData?.role === WORKER_ROLE) run(workerData, parentPort);
