// Preloaded into the benchmark's server process (`node --import`), never part of the site:
// it watches the server's own event loop, which is where a blocking render or hash delays
// every other request. On SIGUSR2 it writes the delays seen since the previous signal to
// the file named by BENCH_EVENT_LOOP_FILE and starts over, so the benchmark can bracket
// exactly the load it applies.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_EVENT_LOOP_FILE;
if (!file) throw new Error('event-loop-probe.mjs needs BENCH_EVENT_LOOP_FILE');

const RESOLUTION_MS = 10;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();

/** The histogram holds whole sampling intervals (10.1 ms on an idle loop): the delay is the excess. */
const ms = (nanoseconds) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);

process.on('SIGUSR2', () => {
  writeFileSync(
    file,
    JSON.stringify({
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
    }),
  );
  histogram.reset();
});
