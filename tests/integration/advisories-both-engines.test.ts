import { expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import type { AppDatabase } from '../../db/connection.ts';
import {
  activeAdvisories,
  addAdvisory,
  allAdvisories,
  amendAdvisory,
  deleteAdvisory,
  endAdvisory,
  findAdvisory,
  latestAdvisoryChanges,
  nextAdvisoryBoundary,
  nextAdvisoryBoundaryNow,
  pastAdvisories,
  type AdvisoryAuthor,
} from '../../db/advisories/advisories.ts';
import type { AdvisoryValues, Severity } from '../../shared/advisories/advisories.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';

const at = (day: number, hour = 0) =>
  `2026-06-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const author = (when: string): AdvisoryAuthor => ({
  actor: 'pio@example.gov.ph',
  address: '192.0.2.5',
  role: 'information',
  at: when,
});
const values = (
  severity: Severity,
  title: string,
  starts: string,
  ends: string,
): AdvisoryValues => ({ severity, title, text: `${title}: details.`, starts, ends });

describeOnBothEngines('advisories', (engine, engineName) => {
  const ids: Record<string, number> = {};

  it('posts advisories with their audit entries and shows the running ones most severe first', async () => {
    const post = async (key: string, advisory: AdvisoryValues) => {
      ids[key] = (await addAdvisory(engine.site(), advisory, author(at(1)))).id;
    };
    await post('water', values('information', 'Water interruption', at(1), at(20)));
    await post('typhoon', values('danger', 'Typhoon signal 2', at(2), at(10)));
    await post('road', values('warning', 'Road closure', at(3), at(9)));
    await post('later', values('warning', 'Fiesta traffic', at(15), at(16)));
    await post('short', values('information', 'Power interruption', at(1), at(2)));
    const active = await activeAdvisories(engine.another(), at(5));
    expect(active.map((advisory) => [advisory.title, advisory.state])).toEqual([
      ['Typhoon signal 2', 'active'],
      ['Road closure', 'active'],
      ['Water interruption', 'active'],
    ]);
    expect(active[0]).toMatchObject({ version: 1, ended: null, history: [], created: at(1) });
    expect((await findAdvisory(engine.site(), ids['later']!, at(5)))!.state).toBe('upcoming');
    expect(await findAdvisory(engine.site(), 9999, at(5))).toBeUndefined();
    const audit = await listAudit(engine.site(), { limit: 10, action: 'advisory-posted' });
    expect(audit).toHaveLength(5);
    expect(audit[0]!.detail).toEqual({
      id: ids['short'],
      severity: 'information',
      title: 'Power interruption',
      role: 'information',
    });
  });

  it('amends with history and a version check, and ends early', async () => {
    const amended = await amendAdvisory(
      engine.site(),
      ids['road']!,
      {
        values: values('danger', 'Road closure', at(3), at(12)),
        reason: 'Extended by the engineer',
        version: 1,
      },
      author(at(4)),
    );
    expect(amended).toMatchObject({ ok: true, advisory: { version: 2, severity: 'danger' } });
    expect(amended.ok && amended.advisory.history).toEqual([
      {
        version: 2,
        at: at(4),
        action: 'amended',
        reason: 'Extended by the engineer',
        changes: [
          { field: 'severity', before: 'warning', after: 'danger' },
          { field: 'ends', before: at(9), after: at(12) },
        ],
      },
    ]);
    expect(
      await amendAdvisory(
        engine.another(),
        ids['road']!,
        { values: values('danger', 'Road closed', at(3), at(12)), reason: 'Typo', version: 1 },
        author(at(4)),
      ),
    ).toMatchObject({ ok: false, status: 409, code: 'CHANGED_MEANWHILE' });
    expect(
      await amendAdvisory(
        engine.site(),
        ids['road']!,
        { values: values('danger', 'Road closure', at(3), at(12)), reason: 'None', version: 2 },
        author(at(4)),
      ),
    ).toMatchObject({ ok: false, status: 400, code: 'NOTHING_TO_CHANGE' });
    const ended = await endAdvisory(
      engine.site(),
      ids['typhoon']!,
      { reason: 'Signal lifted' },
      author(at(6)),
    );
    expect(ended).toMatchObject({
      ok: true,
      advisory: { version: 2, state: 'past', ended: { at: at(6), reason: 'Signal lifted' } },
    });
    expect(
      await endAdvisory(engine.site(), ids['typhoon']!, { reason: 'Again' }, author(at(7))),
    ).toMatchObject({ ok: false, status: 409, code: 'ALREADY_ENDED' });
    expect(
      await endAdvisory(engine.site(), ids['short']!, { reason: 'Over' }, author(at(7))),
    ).toMatchObject({ ok: false, status: 409, code: 'ALREADY_OVER' });
    expect(await endAdvisory(engine.site(), 9999, { reason: 'None' }, author(at(7)))).toMatchObject(
      { ok: false, status: 404, code: 'NO_SUCH_ADVISORY' },
    );
    const audit = await listAudit(engine.site(), { limit: 10 });
    expect(audit.slice(0, 2).map((entry) => [entry.action, entry.detail])).toEqual([
      [
        'advisory-ended',
        { id: ids['typhoon'], version: 2, reason: 'Signal lifted', role: 'information' },
      ],
      [
        'advisory-amended',
        { id: ids['road'], version: 2, reason: 'Extended by the engineer', role: 'information' },
      ],
    ]);
  });

  it('lists past advisories by when they stopped showing, the staff list and the feed', async () => {
    // Shown until: short at(2), typhoon ended at(6) (planned at(10)); the rest still run at(8).
    expect(
      (await pastAdvisories(engine.site(), at(8), 10)).map((advisory) => advisory.title),
    ).toEqual(['Typhoon signal 2', 'Power interruption']);
    expect(
      (await pastAdvisories(engine.site(), at(8), 1)).map((advisory) => advisory.title),
    ).toEqual(['Typhoon signal 2']);
    expect((await allAdvisories(engine.site(), at(8), 3)).map((advisory) => advisory.id)).toEqual([
      ids['short'],
      ids['later'],
      ids['road'],
    ]);
    expect(
      (await latestAdvisoryChanges(engine.site(), at(8), 2)).map((advisory) => advisory.title),
    ).toEqual(['Typhoon signal 2', 'Road closure']);
  });

  it('tells the next instant a banner starts or ends', async () => {
    expect(await nextAdvisoryBoundary(engine.site(), at(8))).toBe(at(12));
    expect(await nextAdvisoryBoundary(engine.site(), at(12))).toBe(at(15));
    expect(await nextAdvisoryBoundary(engine.site(), at(20))).toBeNull();
    if (engineName === 'sqlite') {
      const database = engine.site() as AppDatabase;
      expect(nextAdvisoryBoundaryNow(database, at(8))).toBe(at(12));
      expect(nextAdvisoryBoundaryNow(database, at(20))).toBeNull();
    }
  });

  it('deletes an advisory with its history, keeping the audit entry; a failed write leaves all as it was', async () => {
    await expect(
      amendAdvisory(
        engine.site(),
        ids['water']!,
        // An empty reason breaks the history row's check, after the advisory's row was updated.
        { values: values('danger', 'Water', at(1), at(20)), reason: '', version: 1 },
        author(at(8)),
      ),
    ).rejects.toThrow();
    const water = (await findAdvisory(engine.site(), ids['water']!, at(8)))!;
    expect(water).toMatchObject({ version: 1, title: 'Water interruption', history: [] });
    expect(
      await deleteAdvisory(engine.site(), ids['road']!, 'Posted by mistake', author(at(9))),
    ).toEqual({ ok: true });
    expect(await findAdvisory(engine.another(), ids['road']!, at(9))).toBeUndefined();
    expect(await deleteAdvisory(engine.site(), ids['road']!, 'Again', author(at(9)))).toMatchObject(
      { ok: false, status: 404 },
    );
    const audit = await listAudit(engine.site(), { limit: 10, action: 'advisory-deleted' });
    expect(audit.map((entry) => entry.detail)).toEqual([
      {
        id: ids['road'],
        title: 'Road closure',
        version: 2,
        reason: 'Posted by mistake',
        role: 'information',
      },
    ]);
    expect(await listAudit(engine.site(), { limit: 10, action: 'advisory-amended' })).toHaveLength(
      1,
    );
  });

  if (engineName === 'postgres') {
    it('lets one of two processes’ corrections of the same version through', async () => {
      const amend = (site: ReturnType<typeof engine.site>, title: string) =>
        amendAdvisory(
          site,
          ids['water']!,
          { values: values('information', title, at(1), at(20)), reason: 'Retitled', version: 1 },
          author(at(9)),
        );
      const outcomes = await Promise.all([
        amend(engine.site(), 'Water interruption, north'),
        amend(engine.another(), 'Water interruption, south'),
      ]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({ code: 'CHANGED_MEANWHILE' });
      const water = (await findAdvisory(engine.site(), ids['water']!, at(9)))!;
      expect(water.history.map((change) => change.version)).toEqual([2]);
    });
  }
});
