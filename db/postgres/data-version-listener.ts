import pg from './pg-driver.ts';

/**
 * The data version of a PostgreSQL database as one app process sees it, kept current by
 * LISTEN/NOTIFY (issue 36). Every write to a public table bumps `data_version` and, in the
 * same transaction, notifies the channel below with the new version (the trigger of the
 * migrations on PostgreSQL); PostgreSQL delivers a notification only when its transaction
 * commits, so a process never sees a version whose data it cannot read yet. With several
 * app processes on one database, a write through any of them renews the render cache of
 * every other one this way, within the time a notification takes (milliseconds).
 *
 * On SQLite the render cache reads the version from the file instead (db/data-version.ts):
 * one machine, one file, a read of a few microseconds.
 */
export const DATA_VERSION_CHANNEL = 'data_version';

export interface DataVersionWatch {
  /**
   * The newest committed version this process knows of, or undefined while the listening
   * connection is lost: a notification may have been missed, so the caller must not trust
   * its cache until the connection is back (it reads the version afresh on reconnecting).
   */
  current(): number | undefined;
  /** Calls `listener` after each change of the version (not for one it already knew). */
  onChange(listener: (version: number) => void): void;
  /**
   * Reads the committed version now instead of waiting for its notification. The process
   * that made a write calls it before answering the write, so that a request the writer
   * sends next is never answered from a page older than its own write: a notification may
   * come in after the writer's COMMIT is acknowledged. Learns nothing while the connection is
   * lost (the version stays unknown until it is back).
   */
  catchUp(): Promise<void>;
  stop(): Promise<void>;
}

export interface WatchOptions {
  /** Told when the connection is lost and each time a reconnection fails. */
  onError?: (error: Error) => void;
  /** The first wait before reconnecting; doubled up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * Starts watching: connects a client of its own (a pooled one cannot keep LISTENing),
 * LISTENs before reading the version (so no commit falls between the two) and resolves
 * once both are done. A lost connection is retried with a doubling wait.
 */
export async function watchDataVersion(
  url: string,
  { onError = () => {}, retryMs = 500, maxRetryMs = 30_000 }: WatchOptions = {},
): Promise<DataVersionWatch> {
  let version: number | undefined;
  let client: pg.Client | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let wait = retryMs;
  const listeners: ((version: number) => void)[] = [];

  const learn = (next: number) => {
    if (version !== undefined && next <= version) return;
    version = next;
    for (const listener of listeners) listener(next);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== DATA_VERSION_CHANNEL) return;
      const notified = Number(message.payload);
      if (Number.isSafeInteger(notified)) learn(notified);
    });
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next, new Error('The connection for data version changes ended')));
    await next.connect();
    try {
      await next.query(`LISTEN ${DATA_VERSION_CHANNEL}`);
      const { rows } = await next.query<{ version: number }>(
        'SELECT version FROM data_version WHERE id = 1',
      );
      client = next;
      wait = retryMs;
      // After a lost connection the version read now may equal the last one known: nothing
      // was missed. `learn` tells the listeners only of a change.
      const known = version;
      version = undefined;
      if (known !== undefined && rows[0]!.version <= known) version = known;
      else learn(rows[0]!.version);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
  };

  const lose = (lost: pg.Client, error: Error) => {
    if (client !== lost || stopped) return;
    client = undefined;
    version = undefined;
    onError(error);
    lost.end().catch(() => {});
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error: unknown) => {
        onError(error instanceof Error ? error : new Error(String(error)));
        wait = Math.min(wait * 2, maxRetryMs);
        scheduleReconnect();
      });
    }, wait);
    retryTimer.unref();
  };

  await connect();
  return {
    current: () => version,
    onChange: (listener) => {
      listeners.push(listener);
    },
    async catchUp() {
      const listening = client;
      if (!listening || version === undefined) return;
      // On the listening connection itself: if it is lost meanwhile, the query fails and
      // `lose` has already forgotten the version.
      const { rows } = await listening
        .query<{ version: number | string }>('SELECT version FROM data_version WHERE id = 1')
        .catch(() => ({ rows: [] as { version: number | string }[] }));
      if (rows[0] && client === listening && version !== undefined) learn(Number(rows[0].version));
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      await last?.end();
    },
  };
}
