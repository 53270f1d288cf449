import { formatDecimal } from '../../shared/money.ts';
import type { Collection, FieldName, RecordKind } from '../../shared/record-kinds.ts';
import type { RecordValues } from './record-queries.ts';

/**
 * Demo procurement records for the fictional Municipality of San Isidro del Monte, built
 * from the registry's field names so every kind gets plausible values without a table per kind.
 */

export const DEMO_RECORDS_PER_KIND = 14;

const projects = [
  'Concreting of Purok 3 Farm-to-Market Road, Barangay San Roque',
  'Supply and Delivery of Office Supplies for the Municipal Treasurer’s Office',
  'Rehabilitation of the Barangay Health Station, Barangay Santo Niño',
  'Procurement of Drugs and Medicines for the Rural Health Unit',
  'Construction of a Two-Storey Multi-Purpose Building, Barangay Poblacion',
  'Installation of Solar Street Lights along the Municipal Circumferential Road',
  'Repair of the Municipal Hall Roofing and Ceiling',
  'Procurement of One (1) Unit Patient Transport Vehicle',
  'Desilting of Drainage Canals, Barangay Santa Cruz',
  'Supply and Delivery of Certified Rice Seeds for the Municipal Agriculture Office',
  'Construction of a Level II Water System, Barangay Bagong Silang',
  'Supply of Fuel and Lubricants for Heavy Equipment, Second Quarter',
  'Procurement of School Desks and Chairs for Child Development Centers',
  'Improvement of the Public Market Dry Goods Section',
  'Supply of Family Food Packs for Disaster Preparedness',
  'Construction of Slope Protection along the Ilog Mabini Riverbank',
  'ICT Equipment for the Business Permits and Licensing Office',
  'Printing of Real Property Tax Declaration Forms',
  'Catering Services for the Araw ng San Isidro Festival',
  'Rental of Stage, Lights and Sound System for the Founding Anniversary',
  'Fabrication and Installation of Ten (10) Waiting Sheds',
  'Supply of Vaccines and Veterinary Supplies for the Anti-Rabies Campaign',
  'Construction of a Covered Court, Barangay Maligaya',
  'Procurement of One (1) Unit Garbage Compactor Truck',
  'Upgrading of the Peñafrancia Bridge Approach, Barangay Ilaya',
  'Supply of Janitorial Supplies for Municipal Offices',
];

const suppliers = [
  'JRM Construction and Supply',
  'Nueva Esperanza Builders, Inc.',
  'San Isidro General Merchandise',
  'Mabuhay Office Solutions',
  'Dela Cruz Enterprises',
  'Golden Harvest Agri Supply',
  'Bayanihan Medical Distributors',
  'Peñafrancia Hardware and Construction Supply',
  'Santos Catering Services',
  'Tri-Star Motors Corporation',
];

// Typed over the registry's kinds, so a misspelt or removed kind is a compile error; a kind
// left out gets 'Public Bidding' (below).
const modesByCollection: Partial<Record<Collection, readonly string[]>> = {
  notice_of_awards: ['Public Bidding', 'Public Bidding', 'Small Value Procurement', 'Shopping'],
  notice_to_proceed: [
    'Public Bidding',
    'Negotiated Procurement (Two Failed Biddings)',
    'Public Bidding',
  ],
};

const reports = [
  [
    'Annual Procurement Plan 2025',
    'Approved plan of all goods, works and consulting services to be procured in 2025.',
  ],
  [
    'Annual Procurement Plan for Common-Use Supplies 2025',
    'Common-use supplies and equipment requested through the procurement service.',
  ],
  [
    'Procurement Monitoring Report, First Semester 2025',
    'Status of every procurement activity from January to June 2025.',
  ],
  [
    'Procurement Monitoring Report, Second Semester 2024',
    'Status of every procurement activity from July to December 2024.',
  ],
  [
    'Agency Procurement Compliance and Performance Indicators 2024',
    'Self-assessment of the procurement system against the national indicators.',
  ],
  [
    'Supplemental Annual Procurement Plan No. 2, 2025',
    'Projects added after the realignment of the 20% development fund.',
  ],
  [
    'Summary of Contracts Awarded, First Quarter 2025',
    'Contracts awarded with supplier, amount and mode of procurement.',
  ],
  [
    'Summary of Contracts Awarded, Fourth Quarter 2024',
    'Contracts awarded with supplier, amount and mode of procurement.',
  ],
  [
    'List of Blacklisted Suppliers as of June 2025',
    'Suppliers and contractors barred from bidding, with the period of sanction.',
  ],
  [
    'BAC Resolution Adopting the 2025 Procurement Calendar',
    'Schedule of pre-procurement conferences, bid openings and post-qualification.',
  ],
  [
    'Report on Negotiated Procurement, 2024',
    'Contracts entered into after two failed biddings and for emergency cases.',
  ],
  [
    'Indicative Annual Procurement Plan 2026',
    'Early list of projects proposed for the 2026 budget.',
  ],
  [
    'Procurement Monitoring Report, First Semester 2024',
    'Status of every procurement activity from January to June 2024.',
  ],
  [
    'Small Value Procurement Summary, Second Quarter 2025',
    'Purchases under the small value threshold, by office.',
  ],
] as const;

/** Spread over about a year and a half, newest in mid-2025; fixed so the demo looks the same on every start. */
function demoCreated(kindIndex: number, index: number): Date {
  return new Date(
    Date.UTC(2025, 6, 15, 1 + kindIndex, 17 * index, 5 * kindIndex) - index * 37 * 86_400_000,
  );
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/** A budget in centavos that looks like a real one: a few significant digits, ₱50,000 to ₱25 million. */
function demoBudget(kindIndex: number, index: number): number {
  const pesos = 50_000 + ((index * 7919 + kindIndex * 104_729) % 2_500) * 10_000;
  return pesos * 100 + ((index * 37) % 4) * 25;
}

/**
 * A field's demo value; the optional procurement fields are left out of every third record,
 * as they are of records posted before the site had them.
 */
function demoValue(
  kind: RecordKind,
  kindIndex: number,
  index: number,
  name: FieldName,
): string | undefined {
  const date = demoCreated(kindIndex, index);
  const year = date.getUTCFullYear();
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const sequence = String(140 - index * 7 + kindIndex).padStart(4, '0');
  const project = projects[(index * 3 + kindIndex * 5) % projects.length]!;
  const report = reports[index % reports.length]!;
  switch (name) {
    case 'pr_number':
      return `PR-${year}-${month}-${sequence}`;
    case 'bid_number':
      return `ITB-${year}-${sequence.slice(1)}`;
    case 'bid_number_or_pr_number':
      return index % 2 === 0
        ? `ITB-${year}-${sequence.slice(1)}`
        : `PR-${year}-${month}-${sequence}`;
    case 'project_title':
      return project;
    case 'addenddum_number':
      return `Supplemental/Bid Bulletin No. ${(index % 3) + 1}`;
    case 'supplier':
      return suppliers[(index + kindIndex) % suppliers.length]!;
    case 'mode_of_procurement': {
      // Widened to any collection name: a RecordKind's collection is a plain string.
      const byCollection: Partial<Record<string, readonly string[]>> = modesByCollection;
      const modes = byCollection[kind.collection] ?? ['Public Bidding'];
      return modes[index % modes.length]!;
    }
    case 'title':
      return report[0];
    case 'report_description':
      return report[1];
    case 'philgeps_reference':
      return index % 3 === 2 ? undefined : String(11_250_000 + kindIndex * 9_871 + index * 313);
    case 'abc':
      return index % 3 === 2 ? undefined : formatDecimal(demoBudget(kindIndex, index));
    case 'contract_amount':
      // Awarded a little under the approved budget, as the lowest calculated bid is.
      return index % 3 === 2
        ? undefined
        : formatDecimal(Math.round(demoBudget(kindIndex, index) * 0.93));
    case 'closing_date':
      // Bids close at 10:00 Manila time (02:00 UTC), two weeks after posting.
      return index % 3 === 2
        ? undefined
        : new Date(
            Math.floor(date.getTime() / 86_400_000) * 86_400_000 + 14 * 86_400_000 + 2 * 3_600_000,
          ).toISOString();
    case 'link':
      return `https://documents.sanisidrodelmonte.example/bac/${kind.collection}/${year}/${slug(
        kind.columns.includes('title') ? report[0] : project,
      )}-${sequence}.pdf`;
  }
}

export function demoRecords(
  kind: RecordKind,
  kindIndex: number,
): { values: RecordValues; created: Date }[] {
  return Array.from({ length: DEMO_RECORDS_PER_KIND }, (_, index) => ({
    values: Object.fromEntries(
      kind.fields.flatMap((field) => {
        const value = demoValue(kind, kindIndex, index, field.name);
        return value === undefined ? [] : [[field.name, value]];
      }),
    ),
    created: demoCreated(kindIndex, index),
  }));
}
