import { DatabaseFault, databasePath, explainDatabaseError } from '../db/connection.ts';
import { PostgresFault } from '../db/postgres/postgres-connection.ts';
import { MigrationError } from '../db/run-migrations.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { ContentError, loadContent } from './content/load.ts';
import { createDevelopmentRenderer } from './render/development.ts';
import { createProductionRenderer, MissingBuildError } from './render/production.ts';
import { terminalLogStream } from './terminal-log.ts';

let config: Config | undefined;

async function main() {
  config = loadConfig();
  const content = await loadContent(config.contentDir);
  const renderer =
    process.env.NODE_ENV === 'development'
      ? await createDevelopmentRenderer()
      : await createProductionRenderer();
  // A person at a terminal reads plain lines; a container's or a pipe's log stays JSON.
  const logStream = terminalLogStream(process.stdout);
  const app = await buildApp({ config, content, renderer, logStream });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} received, closing`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw listenFault(error, config) ?? error;
  }
}

class ListenFault extends Error {
  override name = 'ListenFault';
}

/** A port taken by another program is a setting to change, not a crash to debug. */
function listenFault(error: unknown, { port }: Config): ListenFault | undefined {
  return (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
    ? new ListenFault(`port ${port} is in use: set PORT to another port`)
    : undefined;
}

/** Faults the operator can fix are told in one line with what to do; anything else keeps its stack. */
function explain(error: unknown): string | undefined {
  if (
    error instanceof ConfigError ||
    error instanceof ContentError ||
    error instanceof MissingBuildError ||
    error instanceof ListenFault ||
    error instanceof DatabaseFault ||
    error instanceof PostgresFault ||
    error instanceof MigrationError
  )
    return error.message;
  return config && explainDatabaseError(error, databasePath(config.dataDir))?.message;
}

main().catch((error: unknown) => {
  console.error(explain(error) ?? error);
  process.exit(1);
});
