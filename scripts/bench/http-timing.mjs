// Times one GET to the loopback server: milliseconds until the whole body has arrived, and its size.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** No Accept-Encoding, so the size is the uncompressed body and the same for every run. */
export function timedGet(url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () => {
        const ms = performance.now() - started;
        if (response.statusCode !== 200)
          reject(new Error(`${url} answered ${response.statusCode}`));
        else resolve({ ms, bytes });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export function percentile(sorted, fraction) {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export function closeConnections() {
  agent.destroy();
}
