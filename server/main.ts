import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ContentError, loadContent } from './content/load.ts';
import { createDevelopmentRenderer } from './render/development.ts';
import { createProductionRenderer } from './render/production.ts';

async function main() {
  const config = loadConfig();
  const content = await loadContent(config.contentDir);
  const renderer =
    process.env.NODE_ENV === 'development'
      ? await createDevelopmentRenderer()
      : await createProductionRenderer();
  const app = await buildApp({ config, content, renderer });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} received, closing`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof ContentError;
  console.error(known ? error.message : error);
  process.exit(1);
});
