import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import { publishedAwardNotices } from '../../db/suppliers/award-notices.ts';
import { allBidders } from '../../db/suppliers/bidders.ts';
import {
  dismissSuggestion,
  mergeSuppliers,
  registerSupplier,
  registrationHolder,
  supplierDecisions,
} from '../../db/suppliers/supplier-identities.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';
import { insertRecordRow, withdrawRecordRow } from '../helpers/record-rows.ts';

const BY = { actor: 'bac@example.gov.ph', address: '203.0.113.9', role: 'bac' };

async function countRows({ db }: SiteDatabase, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(
    db,
  );
  return Number(rows[0]!.n);
}

describeOnBothEngines('the suppliers’ sources and staff decisions', (engine) => {
  it('reads published awards naming a supplier and every bidder, oldest first', async () => {
    const site = engine.site();
    const awards = kindByCollection('notice_of_awards')!;
    const values = (supplier: string) => ({
      pr_number: `PR-${supplier}`,
      project_title: 'Road',
      supplier,
      mode_of_procurement: 'Public Bidding',
      contract_amount: '2500.50',
      link: 'https://example.org/noa.pdf',
    });
    await insertRecordRow(site, awards, values('Matibay Builders'), '2026-02-02T00:00:00.000Z');
    const proceed = await insertRecordRow(
      site,
      kindByCollection('notice_to_proceed')!,
      values('Dagat Marine'),
      '2026-02-01T00:00:00.000Z',
    );
    await insertRecordRow(site, awards, values('  '), '2026-02-03T00:00:00.000Z');
    const withdrawn = await insertRecordRow(
      site,
      awards,
      values('Gone Corp'),
      '2026-02-04T00:00:00.000Z',
    );
    await withdrawRecordRow(site, awards, withdrawn, {
      at: '2026-02-05T00:00:00.000Z',
      reason: 'Wrong',
    });
    const rows = await publishedAwardNotices(site);
    expect(rows.map((row) => [row.collection, row.supplier])).toEqual([
      ['notice_to_proceed', 'Dagat Marine'],
      ['notice_of_awards', 'Matibay Builders'],
    ]);
    expect(rows[0]).toEqual({
      collection: 'notice_to_proceed',
      id: proceed,
      supplier: 'Dagat Marine',
      project_title: 'Road',
      mode_of_procurement: 'Public Bidding',
      philgeps_reference: null,
      contract_amount: 250050,
      created: '2026-02-01T00:00:00.000Z',
    });

    const { rows: projects } = await sql<{ id: number }>`INSERT INTO procurement_projects
        (process_key, title, year, created, updated)
      VALUES ('sup-1', 'Road', 2026, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z') RETURNING id`.execute(
      site.db,
    );
    await sql`INSERT INTO project_bids (project_id, bidder, bidder_folded, amount, outcome, reason, created, actor)
      VALUES (${projects[0]!.id}, 'Second', 'second', 1, 'responsive', '', '2026-03-02T00:00:00.000Z', 'bac'),
             (${projects[0]!.id}, 'First', 'first', 2, 'responsive', '', '2026-03-01T00:00:00.000Z', 'bac')`.execute(
      site.db,
    );
    expect(await allBidders(site)).toEqual([
      { bidder: 'First', bidder_folded: 'first', created: '2026-03-01T00:00:00.000Z' },
      { bidder: 'Second', bidder_folded: 'second', created: '2026-03-02T00:00:00.000Z' },
    ]);
  });

  it('merges suppliers, names merged before following, with history and audit', async () => {
    const site = engine.site();
    await mergeSuppliers(
      site,
      { kept: 'b', merged: ['a'], reason: 'Typo' },
      BY,
      new Date('2026-04-01T00:00:00.000Z'),
    );
    await mergeSuppliers(
      site,
      { kept: 'c', merged: ['b'], reason: 'Same firm' },
      BY,
      new Date('2026-04-02T00:00:00.000Z'),
    );
    // Merged again, elsewhere: the merge is replaced, not added.
    await mergeSuppliers(
      site,
      { kept: 'd', merged: ['b'], reason: 'Really d' },
      BY,
      new Date('2026-04-03T00:00:00.000Z'),
    );
    const decisions = await supplierDecisions(site);
    expect([...decisions.merges].sort()).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ]);
    const audit = await listAudit(site, { limit: 1, action: 'supplier-merged' });
    expect(audit[0]).toMatchObject({
      actor: 'bac@example.gov.ph',
      address: '203.0.113.9',
      detail: { folded: 'b', into: 'd', reason: 'Really d', role: 'bac' },
    });
    expect(await countRows(site, 'supplier_history')).toBe(3);
  });

  it('dismisses a pair once, in either order, keeping the latest reason', async () => {
    const site = engine.site();
    await dismissSuggestion(
      site,
      { first: 'zeta', second: 'alpha', reason: 'Two firms' },
      BY,
      new Date('2026-05-01T00:00:00.000Z'),
    );
    await dismissSuggestion(
      site,
      { first: 'alpha', second: 'zeta', reason: 'Checked again' },
      BY,
      new Date('2026-05-02T00:00:00.000Z'),
    );
    expect([...(await supplierDecisions(site)).dismissals]).toEqual(['alpha\nzeta']);
    const { rows } = await sql<{ reason: string; created: string }>`SELECT reason, created
      FROM supplier_dismissals`.execute(site.db);
    expect(rows).toEqual([{ reason: 'Checked again', created: '2026-05-02T00:00:00.000Z' }]);
  });

  it('registers and re-registers a number, keeps former numbers, and refuses one held by another', async () => {
    const site = engine.site();
    await registerSupplier(
      site,
      { folded: 'matibay', number: '2021-1', formerId: 'matibay' },
      BY,
      new Date('2026-06-01T00:00:00.000Z'),
    );
    await registerSupplier(
      site,
      { folded: 'matibay', number: '2021-2', formerId: 'philgeps-2021-1' },
      BY,
      new Date('2026-06-02T00:00:00.000Z'),
    );
    expect(await registrationHolder(site, '2021-2')).toBe('matibay');
    expect(await registrationHolder(site, '2021-1')).toBeUndefined();
    const decisions = await supplierDecisions(site);
    expect(decisions.registrations).toEqual(new Map([['matibay', '2021-2']]));
    expect(decisions.formerRegistrations).toEqual([
      { folded: 'matibay', number: '2021-1' },
      { folded: 'matibay', number: '2021-2' },
    ]);
    const before = [await countRows(site, 'supplier_history'), await countRows(site, 'audit_log')];
    await expect(
      registerSupplier(
        site,
        { folded: 'dagat', number: '2021-2', formerId: 'dagat' },
        BY,
        new Date('2026-06-03T00:00:00.000Z'),
      ),
    ).rejects.toThrow();
    expect([await countRows(site, 'supplier_history'), await countRows(site, 'audit_log')]).toEqual(
      before,
    );
    expect(await registrationHolder(site, '2021-2')).toBe('matibay');
  });
});
