/**
 * The OCDS quality page's words in English (/open-data/quality, and the lines
 * `municipal ocds check` prints). A catalogue of their own, imported by that lazily loaded
 * page and the command only, so the home page's first visit does not carry them;
 * `QualityMessages` makes a missing Filipino key a compile error.
 */
export const qualityEn = {
  'openData.quality.link': 'Quality of the OCDS data: the checks and what they found',
  'openData.quality.records': 'Every record package, paged: {link} ({next} gives the next page).',
  'openData.quality.title': 'Quality of the OCDS data',
  'openData.quality.description':
    'The checks the {name} runs on its own OCDS data, as the OCDS Data Review Tool does, and what they found.',
  'openData.quality.lead':
    'Each check reads the same OCDS data a program downloads from this site: every page of the release package and every record package. A problem names the contracting process (ocid), the release and the field.',
  'openData.quality.noSiteUrl':
    'There is no OCDS data to check: the site address (SITE_URL) is not set on this server.',
  'openData.quality.summary':
    'Checked {when}: {processes} contracting processes, {releases} releases, under the ocid prefix {prefix}.',
  'openData.quality.allPassed': 'Every check passed.',
  'openData.quality.someFailed': 'Some checks found problems.',
  'openData.quality.passed': 'Passed',
  'openData.quality.failed': 'Problems found: {count}',
  'openData.quality.skipped': 'Not run here',
  'openData.quality.more': 'The first {shown} of {count} are listed.',
  'openData.quality.where': 'Where',
  'openData.quality.what': 'What',
  'openData.quality.cli': 'IT staff run the same checks with {command}.',
  'openData.quality.check.schema': 'Valid against the OCDS 1.1.5 schema',
  'openData.quality.check.schema.text':
    'Every release package and record package against the official OCDS 1.1.5 schema, with the bids extension when a package declares it.',
  'openData.quality.check.ocid-prefix': 'A registered ocid prefix',
  'openData.quality.check.ocid-prefix.text':
    'The prefix is of the registered form ocds- and six letters or digits, and not the placeholder the demonstration content ships with; every ocid starts with it.',
  'openData.quality.check.unique-ids': 'Unique ids',
  'openData.quality.check.unique-ids.text':
    'A release id appears once in its process, and the parties, awards, contracts, documents, amendments and bids of a release have different ids.',
  'openData.quality.check.date-order': 'Dates in order',
  'openData.quality.check.date-order.text':
    'A tender period starts before it ends and ends by the award; an award comes before its contract is signed; a contract period starts before it ends; amendments come after the signing.',
  'openData.quality.check.amounts': 'Coherent amounts',
  'openData.quality.check.amounts.text':
    'A contract’s value lies between 50% and 150% of its award’s value.',
  'openData.quality.check.parties': 'Every party named exists',
  'openData.quality.check.parties.text':
    'The buyer, the procuring entity, the tenderers, the suppliers and the bidders are each listed among the parties with that role.',
  'openData.quality.check.no-empty': 'No empty values',
  'openData.quality.check.no-empty.text':
    'No empty text, empty object or empty list anywhere: a field without a value is left out.',
  'openData.quality.check.document-urls': 'Document links answer',
  'openData.quality.check.document-urls.text':
    'A sample of the documents’ links answers 200. It goes out to the network, so only IT staff run it, with municipal ocds check --check-urls.',
  'openData.quality.problem.schema-invalid': 'not valid against the schema: {message}',
  'openData.quality.problem.prefix-placeholder':
    'the ocid prefix {prefix} is the placeholder, not a registered prefix: register one with the Open Contracting Partnership and write it in site.json (openData.ocidPrefix)',
  'openData.quality.problem.prefix-form':
    'the ocid prefix {prefix} is not of the registered form ocds- and six lower-case letters or digits, or the ocid does not start with it',
  'openData.quality.problem.duplicate-release-id': 'this release id appears more than once',
  'openData.quality.problem.duplicate-array-id': 'the id {id} appears more than once in this list',
  'openData.quality.problem.date-order':
    '{later} ({laterDate}) is before {earlier} ({earlierDate})',
  'openData.quality.problem.amount-out-of-range':
    'the contract’s value {amount} is {percent}% of its award {award}’s value {awardAmount}, outside 50% to 150%',
  'openData.quality.problem.party-missing': 'the {role} {id} is not among the parties',
  'openData.quality.problem.party-role-missing': 'the party {id} does not have the role {role}',
  'openData.quality.problem.empty-value': 'empty: a field without a value should be left out',
  'openData.quality.problem.url-not-ok': '{url} did not answer 200 ({status})',
} as const;

export type QualityMessageKey = keyof typeof qualityEn;
export type QualityMessages = Record<QualityMessageKey, string>;
