import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../server/content/load.ts';
import { addBids } from '../../db/procurement-projects/bids.ts';
import { insertProject } from '../../db/procurement-projects/project-notices.ts';
import { insertRecords, type RecordValues } from '../../db/records/record-queries.ts';
import { kindByValue } from '../../shared/record-kinds.ts';
import { suggestionRule } from '../../server/suppliers/supplier-suggestions.ts';
import { signedInStaff, type ApiVisitor } from '../helpers/staff.ts';
import { scalar } from '../helpers/site-scalar.ts';
import { useTestApp } from '../helpers/test-app.ts';

// Staff decisions about suppliers (issue 34): a likely same company is suggested, never
// merged by itself; BAC staff merge it (with a reason) or dismiss it, and give a supplier its
// PhilGEPS registration number, which becomes its id; former ids answer 301.

const award = kindByValue('notice_of_award')!;
const PAGE = '/staff/suppliers';

function notice(supplier: string, amount: string, title: string): RecordValues {
  return {
    pr_number: `PR-${title}`,
    project_title: title,
    supplier,
    mode_of_procurement: 'Public Bidding',
    contract_amount: amount,
    link: `https://example.org/${encodeURIComponent(title)}.pdf`,
  };
}

describe('the rule for a likely same company', () => {
  it('suggests names alike apart from spaces, one holding the other, or two letters apart', () => {
    expect(suggestionRule('a b c builders', 'abc builders')).toBe('spacing');
    expect(suggestionRule('jrm construction', 'jrm construction and supply')).toBe('contained');
    expect(suggestionRule('nueva esperanza buiders', 'nueva esperanza builders')).toBe('spelling');
    // Too short for a spelling match, one word only for containment, or simply different.
    expect(suggestionRule('abc', 'abd')).toBeNull();
    expect(suggestionRule('jrm', 'jrm trading')).toBeNull();
    expect(suggestionRule('jrm construction', 'jrm trading')).toBeNull();
    expect(suggestionRule('same', 'same')).toBeNull();
  });
});

describe('staff decisions about suppliers', () => {
  const testApp = useTestApp({ SITE_URL: 'https://procurement.example.gov.ph' });
  let bac: ApiVisitor;
  let news: ApiVisitor;

  const form = async (visitor: ApiVisitor, fields: Record<string, string>, lang = '') =>
    visitor.request({
      method: 'POST',
      url: `${lang}${PAGE}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: await visitor.csrfToken(), ...fields }).toString(),
    });
  const count = (text: string) => scalar(testApp.site, text);

  beforeAll(async () => {
    ({ visitor: bac } = await signedInStaff(
      testApp,
      'bac.sup@san-isidro.gov.ph',
      'a long bac passphrase',
    ));
    ({ visitor: news } = await signedInStaff(
      testApp,
      'info.sup@san-isidro.gov.ph',
      'a long info passphrase',
      ['information'],
    ));
    const database = testApp.site;
    await insertRecords(database, award, [
      { values: notice('Nueva Esperanza Builders, Inc.', '1000000.00', 'Road A') },
      { values: notice('Nueva Esperanza Buiders', '200000.00', 'Road B') },
      { values: notice('JRM Construction', '300000.00', 'School C') },
      { values: notice('JRM Construction and Supply', '50000.00', 'School D') },
    ]);
    const projectId = await insertProject(
      database,
      { processKey: 'hall-e', title: 'Barangay Hall E' },
      new Date('2026-02-01T02:00:00.000Z'),
    );
    await addBids(
      database,
      [
        {
          projectId,
          projectKey: 'hall-e',
          bidder: 'A B C Trading',
          amount: 100_00,
          outcome: 'responsive',
          reason: '',
        },
        {
          projectId,
          projectKey: 'hall-e',
          bidder: 'ABC Trading Co.',
          amount: 200_00,
          outcome: 'responsive',
          reason: '',
        },
      ],
      { actor: 'test', address: null, detail: {} },
      new Date('2026-02-10T02:00:00.000Z'),
    );
  });

  it('shows the suggestions to the BAC role only, in both languages', async () => {
    const suggestions = (
      await bac.request({ method: 'GET', url: '/api/staff/suppliers/suggestions' })
    ).json();
    expect(
      suggestions.map((s: { rule: string; first: { id: string }; second: { id: string } }) => [
        s.rule,
        s.first.id,
        s.second.id,
      ]),
    ).toEqual([
      ['spacing', 'a-b-c-trading', 'abc-trading'],
      ['contained', 'jrm-construction', 'jrm-construction-and-supply'],
      ['spelling', 'nueva-esperanza-buiders', 'nueva-esperanza-builders'],
    ]);
    const page = await bac.request({ method: 'GET', url: PAGE });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Suggestion 1: same name apart from spaces');
    expect(page.body).toContain('Merge into the kept name');
    const filipino = await bac.request({ method: 'GET', url: `/fil${PAGE}` });
    expect(filipino.body).toContain('Mungkahi 1: parehong pangalan maliban sa mga espasyo');
    expect((await news.request({ method: 'GET', url: PAGE })).statusCode).toBe(403);
    expect(
      (await news.request({ method: 'GET', url: '/api/staff/suppliers/suggestions' })).statusCode,
    ).toBe(403);
    expect((await testApp.app.inject({ url: '/api/staff/suppliers/suggestions' })).statusCode).toBe(
      401,
    );
    // The staff bids page, where bidders are typed, leads here.
    const prefix = (await loadContent(resolve('content'))).site.openData.ocidPrefix;
    const bids = await bac.request({
      method: 'GET',
      url: `/staff/procurement/${encodeURIComponent(`${prefix}-hall-e`)}/bids`,
    });
    expect(bids.statusCode).toBe(200);
    expect(bids.body).toContain(`href="${PAGE}"`);
  });

  it('merges only with a reason, keeping the chosen name, history and audit in one go', async () => {
    const pair = {
      intent: 'merge',
      first: 'nueva-esperanza-buiders',
      second: 'nueva-esperanza-builders',
    };
    const refused = await form(bac, { ...pair, keep: 'nueva-esperanza-builders', reason: ' ' });
    expect(refused.headers.location).toBe(`${PAGE}?result=REASON_REQUIRED`);
    expect(await count('SELECT count(*) FROM supplier_merges')).toBe(0);
    const forbidden = await form(news, { ...pair, keep: 'nueva-esperanza-builders', reason: 'x' });
    expect(forbidden.headers.location).toBe(`${PAGE}?result=NOT_PERMITTED`);
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: PAGE,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=merge',
    });
    expect([anonymous.statusCode, anonymous.headers.location]).toEqual([303, '/bac-login']);

    const merged = await form(bac, {
      ...pair,
      keep: 'nueva-esperanza-builders',
      reason: 'Same TIN on both bids',
    });
    expect(merged.headers.location).toBe(`${PAGE}?result=merged&id=nueva-esperanza-builders`);
    expect(await count('SELECT count(*) FROM supplier_merges')).toBe(1);
    expect(await count("SELECT count(*) FROM supplier_history WHERE action = 'merged'")).toBe(1);
    expect(await count("SELECT count(*) FROM audit_log WHERE action = 'supplier-merged'")).toBe(1);
    const audit = JSON.parse(
      String(await count("SELECT detail FROM audit_log WHERE action = 'supplier-merged'")),
    );
    expect(audit).toMatchObject({
      folded: 'nueva esperanza buiders',
      into: 'nueva esperanza builders',
      reason: 'Same TIN on both bids',
      role: 'bac',
    });

    const kept = (await testApp.app.inject('/api/suppliers/nueva-esperanza-builders')).json();
    expect(kept.awards).toBe(2);
    expect(kept.awardedValue).toBe('1200000.00');
    expect(kept.alsoWrittenAs).toEqual(['Nueva Esperanza Buiders']);
    const page = await testApp.app.inject('/suppliers/nueva-esperanza-builders');
    expect(page.body).toContain('Also written as: Nueva Esperanza Buiders');
    // The merged name's address leads to the kept supplier.
    const old = await testApp.app.inject('/suppliers/nueva-esperanza-buiders');
    expect([old.statusCode, old.headers.location]).toEqual([
      301,
      '/suppliers/nueva-esperanza-builders',
    ]);
    const oldApi = await testApp.app.inject('/api/suppliers/nueva-esperanza-buiders');
    expect([oldApi.statusCode, oldApi.headers.location]).toEqual([
      301,
      '/api/suppliers/nueva-esperanza-builders',
    ]);
    // No longer suggested, and not merged again.
    const again = await form(bac, { ...pair, keep: 'nueva-esperanza-builders', reason: 'x' });
    expect(again.headers.location).toBe(`${PAGE}?result=SAME_SUPPLIER`);
  });

  it('dismisses a pair, which is then not suggested again', async () => {
    const dismissed = await form(bac, {
      intent: 'dismiss',
      first: 'jrm-construction',
      second: 'jrm-construction-and-supply',
      reason: 'Two companies of one family',
    });
    expect(dismissed.headers.location).toBe(`${PAGE}?result=dismissed`);
    expect(await count("SELECT count(*) FROM audit_log WHERE action = 'supplier-dismissed'")).toBe(
      1,
    );
    expect(await count("SELECT count(*) FROM supplier_history WHERE action = 'dismissed'")).toBe(1);
    const suggestions = (
      await bac.request({ method: 'GET', url: '/api/staff/suppliers/suggestions' })
    ).json();
    expect(suggestions.map((s: { rule: string }) => s.rule)).toEqual(['spacing']);
    // A dismissed pair cannot be merged from a stale page.
    const stale = await form(bac, {
      intent: 'merge',
      first: 'jrm-construction',
      second: 'jrm-construction-and-supply',
      keep: 'jrm-construction',
      reason: 'x',
    });
    expect(stale.headers.location).toBe(`${PAGE}?result=NOT_SUGGESTED`);
    expect(
      (await testApp.app.inject('/api/suppliers/jrm-construction')).json().alsoWrittenAs,
    ).toEqual([]);
  });

  it('gives a supplier its PhilGEPS number as its id; the old slug answers 301', async () => {
    const bad = await form(bac, {
      intent: 'register',
      supplier: 'jrm-construction',
      number: '12-ab',
    });
    expect(bad.headers.location).toBe(`${PAGE}?result=INVALID_NUMBER`);
    const missing = await form(bac, {
      intent: 'register',
      supplier: 'nobody',
      number: '2013-0012345',
    });
    expect(missing.headers.location).toBe(`${PAGE}?result=NO_SUCH_SUPPLIER`);
    const saved = await form(
      bac,
      { intent: 'register', supplier: 'jrm-construction', number: ' 2013-0012345 ' },
      '/fil',
    );
    expect(saved.headers.location).toBe(`/fil${PAGE}?result=registered&id=philgeps-2013-0012345`);
    expect(await count("SELECT count(*) FROM audit_log WHERE action = 'supplier-registered'")).toBe(
      1,
    );
    expect(await count("SELECT count(*) FROM supplier_history WHERE action = 'registered'")).toBe(
      1,
    );

    const supplier = await testApp.app.inject('/api/suppliers/philgeps-2013-0012345');
    expect(supplier.statusCode).toBe(200);
    expect(supplier.json()).toMatchObject({
      id: 'philgeps-2013-0012345',
      name: 'JRM Construction',
      philgepsRegistration: '2013-0012345',
    });
    for (const [path, to] of [
      ['/suppliers/jrm-construction', '/suppliers/philgeps-2013-0012345'],
      ['/fil/suppliers/jrm-construction', '/fil/suppliers/philgeps-2013-0012345'],
      ['/api/suppliers/jrm-construction', '/api/suppliers/philgeps-2013-0012345'],
      ['/suppliers/jrm-construction.csv', '/suppliers/philgeps-2013-0012345.csv'],
    ]) {
      const moved = await testApp.app.inject(path!);
      expect([path, moved.statusCode, moved.headers.location]).toEqual([path, 301, to]);
    }
    const page = await testApp.app.inject('/suppliers/philgeps-2013-0012345');
    expect(page.body).toContain('PhilGEPS registration number: 2013-0012345.');
    const list = (await testApp.app.inject('/api/suppliers?q=jrm')).json();
    expect(list.items.map((item: { id: string }) => item.id)).toContain('philgeps-2013-0012345');

    // Unique: another supplier cannot take it; the holder may be given it again.
    const taken = await form(bac, {
      intent: 'register',
      supplier: 'jrm-construction-and-supply',
      number: '2013-0012345',
    });
    expect(taken.headers.location).toBe(`${PAGE}?result=NUMBER_TAKEN`);
    // A number corrected later: the first number's address leads to the new one.
    const corrected = await form(bac, {
      intent: 'register',
      supplier: 'philgeps-2013-0012345',
      number: '2013-0012346',
    });
    expect(corrected.headers.location).toBe(`${PAGE}?result=registered&id=philgeps-2013-0012346`);
    for (const path of ['/suppliers/philgeps-2013-0012345', '/suppliers/jrm-construction']) {
      const moved = await testApp.app.inject(path);
      expect([moved.statusCode, moved.headers.location]).toEqual([
        301,
        '/suppliers/philgeps-2013-0012346',
      ]);
    }
    // A registered supplier is kept, never merged away: keep it and merge the other in.
    const registered = await form(bac, {
      intent: 'register',
      supplier: 'abc-trading',
      number: '5555',
    });
    expect(registered.headers.location).toBe(`${PAGE}?result=registered&id=philgeps-5555`);
    const pair = { intent: 'merge', first: 'a-b-c-trading', second: 'philgeps-5555' };
    const away = await form(bac, { ...pair, keep: 'a-b-c-trading', reason: 'Same company' });
    expect(away.headers.location).toBe(`${PAGE}?result=MERGED_IS_REGISTERED`);
    const into = await form(bac, { ...pair, keep: 'philgeps-5555', reason: 'Same company' });
    expect(into.headers.location).toBe(`${PAGE}?result=merged&id=philgeps-5555`);
    const moved = await testApp.app.inject('/suppliers/a-b-c-trading');
    expect([moved.statusCode, moved.headers.location]).toEqual([301, '/suppliers/philgeps-5555']);
    expect((await testApp.app.inject('/api/suppliers/philgeps-5555')).json()).toMatchObject({
      alsoWrittenAs: ['A B C Trading'],
    });
  });
});
