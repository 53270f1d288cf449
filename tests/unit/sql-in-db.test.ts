import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Folders that call db/'s named query functions and never write SQL themselves. */
const SQL_FREE_FOLDERS = ['server', 'cli', 'client', 'shared'];

/** Kysely's query builders and better-sqlite3's calls that take SQL. */
const SQL_CALLS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'selectNoFrom',
  'prepare',
  'pragma',
]);

/**
 * SQL in a string: upper-case keywords in statement order, as this project writes SQL.
 * Upper case keeps English text ("Select a list from the menu") and HTTP methods out.
 */
const SQL_TEXT =
  /\b(?:SELECT\b[\s\S]*\bFROM|INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(?:TABLE|INDEX|TRIGGER|VIEW|VIRTUAL)|DROP\s+(?:TABLE|INDEX|TRIGGER|VIEW)|ALTER\s+TABLE|VACUUM|PRAGMA\s+\w)\b/;

interface Finding {
  file: string;
  line: number;
  what: string;
}

/** Every place in one source text that writes SQL. */
function findSql(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const report = (node: ts.Node, what: string) =>
    findings.push({
      file,
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      what,
    });
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node)) {
      const tag = node.tag.getText(source);
      if (tag === 'sql' || tag.startsWith('sql.') || tag.startsWith('sql<')) {
        report(node, 'a sql`` template');
      }
    } else if (ts.isPropertyAccessExpression(node) && SQL_CALLS.has(node.name.text)) {
      if (ts.isCallExpression(node.parent) && node.parent.expression === node) {
        report(node, `a .${node.name.text}() call`);
      }
    } else if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      SQL_TEXT.test(node.text)
    ) {
      report(node, `SQL text "${node.text.slice(0, 40)}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:ts|tsx|mts|mjs|js)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe('SQL lives in db/', () => {
  it('finds SQL in each form it looks for', () => {
    const samples = [
      "const row = database.sqlite.prepare('SELECT 1').get();",
      "const rows = await db.selectFrom('documents').selectAll().execute();",
      "await db.insertInto('audit_log').values(entry).execute();",
      "await db.updateTable('staff_users').set({ disabled: 1 }).execute();",
      "await db.deleteFrom('sessions').execute();",
      'await sql`DELETE FROM sessions`.execute(db);',
      "copy.pragma('quick_check', { simple: true });",
      'const text = `SELECT count(*) FROM ${table} WHERE created >= ?`;',
      "statement(database, 'key', () => 'UPDATE documents SET bytes = ? WHERE sha256 = ?');",
      "run('VACUUM INTO ?');",
    ];
    for (const sample of samples) {
      expect(findSql('sample.ts', sample), sample).not.toEqual([]);
    }
  });

  it('leaves alone text that only looks like SQL to a careless reader', () => {
    const samples = [
      "await sendJson('DELETE', '/api/session', csrfToken);",
      "const hint = 'Select a list from the menu, then update the record.';",
      'const match = PATTERN.exec(text);',
    ];
    for (const sample of samples) expect(findSql('sample.ts', sample), sample).toEqual([]);
  });

  it('finds none in server/, cli/, client/ or shared/', () => {
    const files = SQL_FREE_FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) =>
      findSql(file, readFileSync(path.join(root, file), 'utf8')),
    );
    expect(findings.map(({ file, line, what }) => `${file}:${line}: ${what}`)).toEqual([]);
  });
});
