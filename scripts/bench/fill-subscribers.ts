// Adds confirmed bid-alert subscribers to a scratch data directory through the db module, as
// if each had followed its confirmation link long ago. Run by scripts/bench/alerts-bench.mjs
// as `node --import tsx scripts/bench/fill-subscribers.ts <data-dir> <count>`.
import { addSubscription, confirmSubscription } from '../../db/alerts/alert-subscriptions.ts';
import { databasePath } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';

const [dataDir, countText] = process.argv.slice(2);
const count = Number(countText);
const database = await openMigratedDatabase(databasePath(dataDir!));
try {
  const at = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  // One transaction each (the module's own); fast enough for a bench's thousands.
  for (let n = 0; n < count; n++) {
    const subscription = await addSubscription(database, {
      email: `bidder${n}@bench.example.com`,
      lists: n % 2 === 0 ? ['all'] : ['svp'],
      keyword: null,
      frequency: 'immediate',
      lang: 'en',
      nonce: `bench-${n}`,
      now: at,
    });
    await confirmSubscription(database, subscription.id, at);
  }
  // Their confirmation messages went out when they subscribed.
  database.sqlite.prepare("UPDATE alert_messages SET sent_at = ? WHERE kind = 'confirm'").run(at);
  console.log(JSON.stringify({ subscribers: count }));
} finally {
  await database.close();
}
