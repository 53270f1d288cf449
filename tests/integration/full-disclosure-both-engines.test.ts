import { beforeAll, expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import { findDocument } from '../../db/documents/document-queries.ts';
import {
  findPosting,
  lastPostedAt,
  latestPostedFiles,
  postDisclosureFile,
  postedYears,
  postingFiles,
  postingsOfYear,
  type DisclosureFileInput,
} from '../../db/full-disclosure/full-disclosure.ts';
import type { DisclosurePeriod } from '../../shared/full-disclosure/full-disclosure.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';

const sha = (letter: string) => letter.repeat(64);
const BUDGET: DisclosurePeriod = { year: 2026, quarter: null };
const Q1: DisclosurePeriod = { year: 2026, quarter: 1 };

describeOnBothEngines('Full Disclosure postings', (engine, engineName) => {
  let actor: { id: number; email: string };
  beforeAll(async () => {
    const { id } = await engine
      .site()
      .db.insertInto('staff_users')
      .values({ email: 'seal@example.gov.ph', display_name: 'Seal', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    actor = { id, email: 'seal@example.gov.ph' };
  });
  const post = (
    documentType: string,
    period: DisclosurePeriod,
    letter: string,
    at: string,
    reason = '',
    change: Partial<DisclosureFileInput> = {},
  ) =>
    postDisclosureFile(engine.site(), {
      documentType,
      period,
      document: {
        sha256: sha(letter),
        bytes: 500,
        type: 'application/pdf',
        fileName: `${documentType}-${letter}.pdf`,
      },
      reason,
      at,
      actor,
      address: '192.0.2.9',
      role: 'transparency',
      ...change,
    });

  it('posts a period, refuses the same file and a correction without a reason, and keeps every file', async () => {
    const first = await post('annual-budget', BUDGET, 'a', '2026-02-01T01:00:00.000Z');
    expect(first).toMatchObject({
      ok: true,
      corrected: false,
      posting: {
        documentType: 'annual-budget',
        period: BUDGET,
        version: 1,
        created: '2026-02-01T01:00:00.000Z',
        current: { version: 1, sha256: sha('a'), fileName: 'annual-budget-a.pdf', reason: null },
      },
    });
    expect(
      await post('annual-budget', BUDGET, 'a', '2026-02-02T01:00:00.000Z', 'again'),
    ).toMatchObject({ ok: false, reason: 'same-file' });
    expect(await post('annual-budget', BUDGET, 'b', '2026-02-02T01:00:00.000Z')).toMatchObject({
      ok: false,
      reason: 'reason-required',
    });
    const corrected = await post(
      'annual-budget',
      BUDGET,
      'b',
      '2026-02-03T01:00:00.000Z',
      '  Wrong fiscal year on page 2  ',
    );
    expect(corrected).toMatchObject({
      ok: true,
      corrected: true,
      posting: {
        version: 2,
        created: '2026-02-01T01:00:00.000Z',
        updated: '2026-02-03T01:00:00.000Z',
        current: { version: 2, sha256: sha('b'), reason: 'Wrong fiscal year on page 2' },
      },
    });
    const posting = (await findPosting(engine.another(), 'annual-budget', BUDGET))!;
    expect(posting.id).toBe(first.posting.id);
    expect(
      (await postingFiles(engine.another(), posting.id)).map((file) => [
        file.version,
        file.sha256,
        file.reason,
        file.bytes,
      ]),
    ).toEqual([
      [1, sha('a'), null, 500],
      [2, sha('b'), 'Wrong fiscal year on page 2', 500],
    ]);
    const audit = await listAudit(engine.site(), {
      limit: 10,
      action: 'full-disclosure-corrected',
    });
    expect(audit.map((entry) => entry.detail)).toEqual([
      {
        role: 'transparency',
        postingId: posting.id,
        documentType: 'annual-budget',
        year: 2026,
        quarter: null,
        version: 2,
        sha256: sha('b'),
        reason: 'Wrong fiscal year on page 2',
        replaced: sha('a'),
      },
    ]);
    expect(await listAudit(engine.site(), { limit: 10, action: 'document-uploaded' })).toHaveLength(
      2,
    );
  });

  it('lists a year’s postings by type and quarter, the latest files newest first, and the years', async () => {
    await post('trust-fund', { year: 2026, quarter: 2 }, 'c', '2026-07-01T00:00:00.000Z');
    await post('trust-fund', Q1, 'd', '2026-04-01T00:00:00.000Z');
    await post('annual-budget', { year: 2024, quarter: null }, 'e', '2026-01-15T00:00:00.000Z');
    expect(
      (await postingsOfYear(engine.site(), 2026)).map((posting) => [
        posting.documentType,
        posting.period.quarter,
        posting.version,
      ]),
    ).toEqual([
      ['annual-budget', null, 2],
      ['trust-fund', 1, 1],
      ['trust-fund', 2, 1],
    ]);
    expect(
      await findPosting(engine.site(), 'trust-fund', { year: 2026, quarter: 3 }),
    ).toBeUndefined();
    expect((await findPosting(engine.site(), 'trust-fund', Q1))!.current.sha256).toBe(sha('d'));
    expect(
      (await latestPostedFiles(engine.site(), 3)).map((file) => [
        file.documentType,
        file.period,
        file.version,
      ]),
    ).toEqual([
      ['trust-fund', { year: 2026, quarter: 2 }, 1],
      ['trust-fund', Q1, 1],
      ['annual-budget', BUDGET, 2],
    ]);
    expect(await lastPostedAt(engine.another())).toBe('2026-07-01T00:00:00.000Z');
    expect(await postedYears(engine.site())).toEqual([2026, 2024]);
  });

  it('rolls everything back when the posting fails: no document, no posting, no audit entry', async () => {
    const before = await listAudit(engine.site(), { limit: 100 });
    await expect(
      post('annual-budget', { year: 2025, quarter: null }, 'f', '2026-08-01T00:00:00.000Z', '', {
        // Breaks the file row's check (a name is never empty), after the document and posting rows.
        document: { sha256: sha('f'), bytes: 10, type: 'application/pdf', fileName: '' },
      }),
    ).rejects.toThrow();
    expect(await findPosting(engine.site(), 'annual-budget', { year: 2025, quarter: null })).toBe(
      undefined,
    );
    expect(await findDocument(engine.site(), sha('f'))).toBeUndefined();
    expect(await listAudit(engine.site(), { limit: 100 })).toHaveLength(before.length);
    expect(await postedYears(engine.site())).toEqual([2026, 2024]);
  });

  if (engineName === 'postgres') {
    it('numbers two processes’ corrections of one period one after the other', async () => {
      const correct = (site: ReturnType<typeof engine.site>, letter: string) =>
        postDisclosureFile(site, {
          documentType: 'trust-fund',
          period: Q1,
          document: { sha256: sha(letter), bytes: 7, type: 'application/pdf', fileName: 'x.pdf' },
          reason: `Correction ${letter}`,
          at: '2026-09-01T00:00:00.000Z',
          actor,
          address: null,
          role: 'transparency',
        });
      const outcomes = await Promise.all([
        correct(engine.site(), '7'),
        correct(engine.another(), '8'),
      ]);
      expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
      const posting = (await findPosting(engine.site(), 'trust-fund', Q1))!;
      expect(posting.version).toBe(3);
      const files = await postingFiles(engine.site(), posting.id);
      expect(files.map((file) => file.version)).toEqual([1, 2, 3]);
      expect(
        files
          .slice(1)
          .map((file) => file.sha256)
          .sort(),
      ).toEqual([sha('7'), sha('8')]);
    });
  }
});
