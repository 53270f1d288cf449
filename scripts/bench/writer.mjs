// The writer of the mixed-load benchmark, in a process of its own so the readers' load
// generator cannot delay its clock: signs in once through the staff API as a browser
// would (session cookie, CSRF token), prints "ready", then on a line from stdin posts one
// notice of award every 100 ms for the given seconds and prints the timings as JSON.
//   node writer.mjs <origin> <email> <seconds>   (password in BENCH_PASSWORD)
import http from 'node:http';
import { createInterface } from 'node:readline';

const [origin, email, seconds] = process.argv.slice(2);
const password = process.env.BENCH_PASSWORD;
const INTERVAL_MS = 100;
const agent = new http.Agent({ keepAlive: true });
/** Every cookie the server set, by name: sign-in sets the session and the known-device cookie. */
const cookies = new Map();

function request(method, path, { body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    const outgoing = http.request(
      `${origin}${path}`,
      {
        method,
        agent,
        headers: {
          ...(cookies.size > 0
            ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
            : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          for (const set of response.headers['set-cookie'] ?? []) {
            const pair = set.split(';')[0];
            const equals = pair.indexOf('=');
            cookies.set(pair.slice(0, equals), pair.slice(equals + 1));
          }
          resolve({
            status: response.statusCode,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

const session = await request('GET', '/api/session');
const { csrfToken } = JSON.parse(session.text);
const signIn = await request('POST', '/api/session', {
  body: { email, password },
  headers: { 'x-csrf-token': csrfToken },
});
if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${signIn.text}`);
// The token is bound to the session, which sign-in renewed.
const { csrfToken: token } = JSON.parse((await request('GET', '/api/session')).text);
console.log('ready');
await new Promise((resolve) => createInterface({ input: process.stdin }).once('line', resolve));

const timings = [];
const failures = [];
let sent = 0;
const pending = [];
const until = performance.now() + Number(seconds) * 1000;
await new Promise((resolve) => {
  const timer = setInterval(() => {
    if (performance.now() >= until) {
      clearInterval(timer);
      resolve();
      return;
    }
    const index = sent++;
    pending.push(
      request('POST', '/api/records/notice_of_awards', {
        headers: { 'x-csrf-token': token },
        body: {
          pr_number: `PR-BENCH-${process.pid}-${index}`,
          project_title: `Benchmark write ${index}, lot ${index}`,
          supplier: 'Bayanihan Builders',
          mode_of_procurement: 'Shopping',
          link: `https://documents.example.gov.ph/bench/${index}.pdf`,
        },
      }).then(
        (response) => {
          timings.push(response.ms);
          if (response.status !== 201 && response.status !== 200)
            failures.push(`${response.status} ${response.text.slice(0, 200)}`);
        },
        (error) => failures.push(String(error)),
      ),
    );
  }, INTERVAL_MS);
});
await Promise.all(pending);
agent.destroy();
console.log(JSON.stringify({ sent, timings, failures }));
