import { beforeAll, expect, it } from 'vitest';
import {
  attachNewNotice,
  moveNotice,
  movesOfProject,
} from '../../db/procurement-projects/attach-notice.ts';
import {
  noticesOfProject,
  projectById,
  projectByKey,
  projectNamedBy,
  projectOfNotice,
} from '../../db/procurement-projects/project-notices.ts';
import { insertRecord, type RecordValues } from '../../db/records/record-queries.ts';
import { writeTransaction, type SiteDatabase } from '../../db/site-database.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';

const bidding = kindByCollection('public_bidding')!;
const awards = kindByCollection('notice_of_awards')!;

/**
 * Which procurement project each notice joins, on both engines (issue 36): a new project
 * keyed by its PhilGEPS reference (or its own collection and id), a later notice with that
 * reference joining it and filling what the first left out, a notice moved with its
 * history, and the project an import's `project` value names.
 */
describeOnBothEngines('project notices', (engine) => {
  let site: SiteDatabase;
  beforeAll(() => {
    site = engine.site();
  });

  async function post(
    kind: typeof bidding | typeof awards,
    values: RecordValues,
    choice: Parameters<typeof attachNewNotice>[2],
    now: Date,
  ) {
    return writeTransaction(site, async (transaction) => {
      const record = await insertRecord(transaction, kind, values, now);
      const projectId = await attachNewNotice(
        transaction,
        { kind, id: record.id, values },
        choice,
        now,
      );
      return { id: record.id, projectId };
    });
  }

  it('starts a project from a notice, in the Manila year, and a later notice with its reference joins it', async () => {
    // 31 December, 17:00 UTC: already New Year's Day in Manila.
    const posted = new Date('2025-12-31T17:00:00.000Z');
    const invitation = await post(
      bidding,
      {
        bid_number: 'ITB-2026-001',
        project_title: 'Health center roof',
        philgeps_reference: 'PG-77',
        link: 'https://example.gov.ph/itb.pdf',
      },
      'new',
      posted,
    );
    const project = (await projectById(site, invitation.projectId))!;
    expect(project).toMatchObject({
      process_key: 'PG-77',
      title: 'Health center roof',
      year: 2026,
      mode: null,
      abc: null,
      created: posted.toISOString(),
    });
    const later = new Date('2026-02-01T02:00:00.000Z');
    const award = await post(
      awards,
      {
        pr_number: 'PR-77',
        project_title: 'Health center roof',
        supplier: 'Matibay Builders',
        philgeps_reference: ' PG-77 ',
        mode_of_procurement: 'Public Bidding',
        contract_amount: '990000.00',
        link: 'https://example.gov.ph/noa.pdf',
      },
      'new',
      later,
    );
    expect(award.projectId).toBe(invitation.projectId);
    expect(await projectByKey(site, 'PG-77')).toMatchObject({
      mode: 'Public Bidding',
      updated: later.toISOString(),
    });
    expect(
      (await noticesOfProject(site, invitation.projectId))
        .map((notice) => `${notice.collection}:${notice.record_id}`)
        .sort(),
    ).toEqual([`notice_of_awards:${award.id}`, `public_bidding:${invitation.id}`].sort());
    expect((await projectOfNotice(site, 'notice_of_awards', award.id))?.id).toBe(
      invitation.projectId,
    );
  });

  it('keys a notice without a reference by its collection and id, or joins the project staff chose', async () => {
    const now = new Date('2026-03-01T02:00:00.000Z');
    const alone = await post(
      bidding,
      {
        bid_number: 'ITB-2026-002',
        project_title: 'School chairs',
        abc: '500000.00',
        link: 'https://example.gov.ph/itb-2.pdf',
      },
      'new',
      now,
    );
    expect(await projectById(site, alone.projectId)).toMatchObject({
      process_key: `public_bidding-${alone.id}`,
      abc: 50_000_000,
    });
    const chosen = await post(
      awards,
      {
        pr_number: 'PR-2026-002',
        project_title: 'School chairs',
        supplier: 'JRM Furniture',
        mode_of_procurement: 'Public Bidding',
        contract_amount: '480000.00',
        link: 'https://example.gov.ph/noa-2.pdf',
      },
      { projectId: alone.projectId },
      // Earlier than the project's last change: `updated` keeps the later time.
      new Date('2026-02-01T02:00:00.000Z'),
    );
    expect(chosen.projectId).toBe(alone.projectId);
    expect((await projectById(site, alone.projectId))!.updated).toBe(now.toISOString());
    // The project an import names: its OCID in any prefix's form, or a notice's number.
    expect(await projectNamedBy(site, `ocds-abc123-public_bidding-${alone.id}`)).toBe(
      alone.projectId,
    );
    expect(await projectNamedBy(site, 'PR-2026-002')).toBe(alone.projectId);
    expect(await projectNamedBy(site, 'PR-NOWHERE')).toBeUndefined();
  });

  it('moves a notice with its history, and refuses a move that cannot be', async () => {
    const now = new Date('2026-04-01T02:00:00.000Z');
    const first = await post(
      bidding,
      { bid_number: 'ITB-M-1', project_title: 'Road A', link: 'https://example.gov.ph/a.pdf' },
      'new',
      now,
    );
    const second = await post(
      bidding,
      { bid_number: 'ITB-M-2', project_title: 'Road B', link: 'https://example.gov.ph/b.pdf' },
      'new',
      now,
    );
    const move = {
      collection: 'public_bidding',
      recordId: second.id,
      toProjectId: first.projectId,
      reason: 'Same road, posted twice',
      actor: 'bac@san-isidro.gov.ph',
    };
    const moved = await writeTransaction(site, (transaction) => moveNotice(transaction, move, now));
    expect(moved).toEqual({ ok: true, from: second.projectId, to: first.projectId });
    expect(await moveNotice(site, move, now)).toEqual({ ok: false, code: 'ALREADY_IN_PROJECT' });
    expect(await moveNotice(site, { ...move, toProjectId: 999_999 }, now)).toEqual({
      ok: false,
      code: 'NO_SUCH_PROJECT',
    });
    expect(await moveNotice(site, { ...move, recordId: 999_999 }, now)).toEqual({
      ok: false,
      code: 'NO_SUCH_RECORD',
    });
    expect(await movesOfProject(site, first.projectId)).toEqual([
      {
        collection: 'public_bidding',
        record_id: second.id,
        at: now.toISOString(),
        reason: 'Same road, posted twice',
        from_key: `public_bidding-${second.id}`,
        to_key: `public_bidding-${first.id}`,
      },
    ]);
  });
});
