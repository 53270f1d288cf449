import { describe, expect, it } from 'vitest';
import { recordDocumentUpload } from '../../db/documents/document-queries.ts';
import { amendRecord, withdrawRecord } from '../../db/records/record-amendments.ts';
import { insertRecordNow } from '../../db/records/record-queries.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { validateFieldUpdates } from '../../shared/records/record-validation.ts';
import { OPERATOR, operatorAccount, useWorkspace } from './cli-harness.ts';

const SHA256 = 'ab'.repeat(32);

/** A line of the text listing as its columns, which are two or more spaces apart. */
function columns(line: string): string[] {
  return line.split(/ {2,}/);
}

describe('audit list', { timeout: 180_000 }, () => {
  const space = useWorkspace({ operator: true });

  it('shows a correction with its reason and each field before → after, a withdrawal and an upload, one line each', async () => {
    const svp = kindByCollection('svp')!;
    const database = space.database();
    try {
      const record = insertRecordNow(database, svp, {
        pr_number: 'PR-7',
        project_title: 'Road',
        link: 'https://example.org/7.pdf',
      });
      const fields = validateFieldUpdates(svp, {
        project_title: 'Road\nphase 2',
        abc: '1,234.5',
      });
      if (!fields.ok) throw new Error(JSON.stringify(fields.errors));
      const amended = await amendRecord(database, svp, record.id, {
        fields: fields.value,
        reason: 'Title was cut short',
        version: 1,
        actor: OPERATOR,
        address: '192.0.2.7',
      });
      expect(amended.ok).toBe(true);
      expect(
        (
          await withdrawRecord(database, svp, record.id, {
            reason: 'Cancelled by BAC resolution 12',
            actor: OPERATOR,
            address: '192.0.2.7',
          })
        ).ok,
      ).toBe(true);
      const uploader = operatorAccount(database);
      await recordDocumentUpload(database, {
        sha256: SHA256,
        bytes: 2048,
        type: 'application/pdf',
        fileName: 'Invitation-to-Bid.pdf',
        uploader,
        address: null,
        importedFrom: '/srv/imports/notices/Invitation to Bid.pdf',
      });
    } finally {
      await database.close();
    }

    const result = await space.run(['audit', 'list', '--limit', '3']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n').map(columns);
    expect(lines).toHaveLength(4);
    const [header, upload, withdrawal, amendment] = lines;
    expect(header).toEqual(['TIME (MANILA)', 'ACTION', 'ACTOR', 'ADDRESS', 'DETAIL']);
    expect(upload!.slice(1)).toEqual([
      'document-uploaded',
      OPERATOR,
      '-',
      `"Invitation-to-Bid.pdf" application/pdf, 2.0 KB, sha256 ${SHA256}, new, imported from "/srv/imports/notices/Invitation to Bid.pdf"`,
    ]);
    expect(withdrawal!.slice(1)).toEqual([
      'record-withdrawn',
      OPERATOR,
      '192.0.2.7',
      'svp/1 withdrawn (version 3), reason "Cancelled by BAC resolution 12"',
    ]);
    expect(amendment!.slice(1)).toEqual([
      'record-amended',
      OPERATOR,
      '192.0.2.7',
      'svp/1 now version 2, reason "Title was cut short"; project_title: "Road" → "Road\\nphase 2"; abc: (blank) → "1234.50"',
    ]);

    const json = await space.run(['audit', 'list', '--action', 'record-amended', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject([
      {
        action: 'record-amended',
        detail: {
          reason: 'Title was cut short',
          changes: [
            { field: 'project_title', before: 'Road', after: 'Road\nphase 2' },
            { field: 'abc', before: null, after: '1234.50' },
          ],
        },
      },
    ]);
  });

  it('shows times in Manila with their offset, and refuses an unknown --action naming the valid ones', async () => {
    const database = space.database();
    try {
      // 23:30 UTC is already the next day in Manila.
      database.sqlite
        .prepare(
          "INSERT INTO audit_log (at, actor, address, action, detail) VALUES ('2024-03-05T23:30:00.000Z', ?, '192.0.2.9', 'sign-in', '{}')",
        )
        .run(OPERATOR);
    } finally {
      await database.close();
    }
    const text = await space.run(['audit', 'list', '--action', 'sign-in']);
    expect(text.code).toBe(0);
    expect(text.stdout.trimEnd().split('\n').map(columns)).toEqual([
      ['TIME (MANILA)', 'ACTION', 'ACTOR', 'ADDRESS', 'DETAIL'],
      ['2024-03-06T07:30:00+08:00', 'sign-in', OPERATOR, '192.0.2.9', '{}'],
    ]);
    // JSON keeps the stored UTC time, for programs.
    const json = await space.run(['audit', 'list', '--action', 'sign-in', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject([{ at: '2024-03-05T23:30:00.000Z' }]);

    const unknown = await space.run(['audit', 'list', '--action', 'login']);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain("'login' is invalid");
    for (const action of ['sign-in', 'sign-in-failed', 'record-amended', 'import', 'user-added'])
      expect(unknown.stderr).toContain(action);
  });
});
