import { describe, expect, it } from 'vitest';
import { signedInStaff } from '../helpers/staff.ts';
import { useTestApp } from '../helpers/test-app.ts';

/**
 * A reader sent once a write is answered sees the write, on either engine: the public
 * answers are cached, and on PostgreSQL this process learns of a new data version by a
 * notification that can come in after the write's COMMIT is acknowledged, so the write
 * request reads the version itself, and that version's time boundaries, before it is
 * answered (serving-database.ts afterWrite), so the next reader's answer is also kept.
 * Before that, an anonymous read right after a staff write was sometimes served from the
 * cache as it was before the write.
 */
describe('reading right after a write', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });

  const publicTotal = async (): Promise<number> => {
    const response = await testApp.app.inject({ url: '/api/records/reports' });
    expect(response.statusCode).toBe(200);
    return (response.json() as { total: number }).total;
  };

  it('answers an anonymous reader with the record a staff write added just before, every time', async () => {
    const { visitor } = await signedInStaff(
      testApp,
      'reader-after-write@san-isidro.gov.ph',
      'correct horse battery staple',
    );
    const token = await visitor.csrfToken();
    let expected = await publicTotal();
    // Each round caches the list, then writes and reads again: a stale answer shows as a
    // total one short.
    for (let round = 1; round <= 25; round += 1) {
      expect(await publicTotal()).toBe(expected);
      const added = await visitor.request({
        method: 'POST',
        url: '/api/records/reports',
        headers: { 'x-csrf-token': token },
        payload: {
          title: `Monitoring report ${round}`,
          report_description: 'Read right after it is written',
          link: `https://example.org/report-${round}.pdf`,
        },
      });
      expect(added.statusCode).toBe(201);
      expected += 1;
      expect(await publicTotal()).toBe(expected);
      // And that answer was kept: the version's time boundaries were known by then too.
      const hits = testApp.app.responseCache.snapshot().hits;
      expect(await publicTotal()).toBe(expected);
      expect(testApp.app.responseCache.snapshot().hits).toBe(hits + 1);
    }
  });
});
