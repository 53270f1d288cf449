// Fills a scratch data directory with generated notices of award through the db module
// (migrations, triggers and all), the way real records arrive. Run by scripts/bench.mjs as
// `node --import tsx scripts/bench/fill-database.ts <data-dir> <count>`.
import { databasePath } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { insertRecords } from '../../db/records/record-queries.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';

export const BENCH_COLLECTION = 'notice_of_awards';

const works = [
  'Concreting',
  'Rehabilitation',
  'Construction',
  'Repair',
  'Improvement',
  'Desilting',
  'Widening',
];
const things = [
  'Farm-to-Market Road',
  'Drainage Canal',
  'Health Station',
  'Day Care Center',
  'Water System',
  'Covered Court',
  'Seawall',
];
const barangays = [
  'San Roque',
  'Santa Cruz',
  'Bagong Silang',
  'Malaya',
  'Ilaya',
  'Poblacion',
  'Maligaya',
];

/** In 2% of records at any size: a broad search, whose matches grow with the collection. */
export const BROAD_WORD = 'Laguerta Creek';
/** In exactly RARE_COUNT records at any size: a selective search, like a PR number or a place. */
export const RARE_WORD = 'Peñafrancia Bridge';
export const RARE_COUNT = 5;

/**
 * Three-character searches that hit those words and nothing else, one that hits nothing, and
 * a search as people type one ("lot 42"): every title ends with its lot number, so it finds
 * lots 42, 420–429, 4200–4299 and 42000–42999, 1.1% of 100,000 records and one of 100,
 * while its common trigrams ("lot", "ot ") are in every record.
 */
export const SEARCHES = { rare: 'eña', broad: 'gue', none: 'zqx', lot: 'lot 42' } as const;
const suppliers = [
  'Dela Cruz Construction',
  'Santos Trading, Inc.',
  'Bayanihan Builders',
  'Mabuhay Supply Co.',
];
const modes = ['Public Bidding', 'Small Value Procurement', 'Shopping', 'Negotiated Procurement'];

function record(index: number, count: number) {
  const near =
    index % Math.floor(count / RARE_COUNT) === 3
      ? RARE_WORD
      : index % 50 === 7
        ? BROAD_WORD
        : 'Town Proper';
  return {
    values: {
      pr_number: `PR-${2015 + (index % 11)}-${String(index).padStart(6, '0')}`,
      project_title: `${works[index % works.length]} of ${things[(index >> 3) % things.length]} near ${near}, Barangay ${barangays[index % barangays.length]}, lot ${index}`,
      supplier: suppliers[index % suppliers.length]!,
      mode_of_procurement: modes[index % modes.length]!,
      link: `https://documents.example.gov.ph/awards/${index}.pdf`,
    },
    created: new Date(Date.UTC(2015, 0, 1) + index * 60_000),
  };
}

async function fill(dataDir: string, count: number) {
  const kind = kindByCollection(BENCH_COLLECTION)!;
  const database = await openMigratedDatabase(databasePath(dataDir));
  try {
    for (let start = 0; start < count; start += 10_000) {
      const end = Math.min(count, start + 10_000);
      insertRecords(
        database,
        kind,
        Array.from({ length: end - start }, (_, offset) => record(start + offset, count)),
      );
    }
  } finally {
    await database.close();
  }
}

const [dataDir, count] = process.argv.slice(2);
if (!dataDir || !count) {
  console.error('usage: fill-database.ts <data-dir> <count>');
  process.exit(2);
}
await fill(dataDir, Number(count));
// scripts/bench.mjs reads what to search for from here, so the words live in one place.
console.log(
  JSON.stringify({ collection: BENCH_COLLECTION, records: Number(count), searches: SEARCHES }),
);
