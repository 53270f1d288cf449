// The yardstick of the throughput benchmark: a bare Fastify server that answers each of
// the site's benchmarked responses from memory, byte for byte, headers included. Run as
// a child process (`node bare-server.mjs <responses.json>`), so it competes
// for the machine as the site's server does; prints its port once listening.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const responses = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
responses.forEach(({ status, headers, body }, index) => {
  const bytes = Buffer.from(body, 'base64');
  app.get(`/${index}`, (_request, reply) => reply.code(status).headers(headers).send(bytes));
});
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(app.server.address().port);
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
