import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The source folders whose imports are walked: every layer of the project. */
export const SOURCE_FOLDERS = ['shared', 'db', 'server', 'client', 'cli'] as const;

const SOURCE_FILE = /\.(?:ts|tsx|mts|cts|js|mjs|jsx)$/;
const DECLARATION = /\.d\.[mc]?ts$/;

/** Every source file under `folder`, recursively (declaration files and node_modules left out). */
function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE_FILE.test(entry.name) && !DECLARATION.test(entry.name) ? [full] : [];
  });
}

/**
 * The module specifiers a file imports: static `import … from` (type-only ones included),
 * `export … from`, dynamic `import()` and `import('…')` types.
 */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      literal(node.moduleSpecifier);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      literal(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      literal(node.argument.literal);
    } else if (ts.isImportEqualsDeclaration(node)) {
      const reference = node.moduleReference;
      if (ts.isExternalModuleReference(reference)) literal(reference.expression);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier names (as written, or with a source extension), or undefined. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts', '.js', '.mjs'].map((extension) => `${base}${extension}`),
    ...['index.ts', 'index.tsx'].map((index) => path.join(base, index)),
  ];
  return candidates.find(
    (candidate) =>
      SOURCE_FILE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/**
 * Every import cycle among the source files of `root`'s `folders`: the relative imports of
 * each file (see importsOf) are followed, into any source file of the project they reach,
 * and each strongly connected group of files is answered as one cycle, a path of
 * root-relative file names that starts and ends with the same file. None means the imports
 * form a tree of layers that can be read, tested and loaded in one order.
 */
export function findImportCycles(
  root: string,
  folders: readonly string[] = SOURCE_FOLDERS,
): string[][] {
  const graph = new Map<string, string[]>();
  const pending = folders.flatMap((folder) => sourceFiles(path.join(root, folder)));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const targets = [
      ...new Set(importsOf(file).flatMap((specifier) => resolve(file, specifier) ?? [])),
    ];
    graph.set(file, targets);
    pending.push(...targets.filter((target) => !graph.has(target)));
  }
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  return stronglyConnected(graph)
    .filter((group) => group.length > 1 || graph.get(group[0]!)!.includes(group[0]!))
    .map((group) => cycleThrough(graph, new Set(group)).map(relative))
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** Tarjan's groups of files that all reach each other (iterative, so deep chains do not overflow). */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group.sort());
      }
    }
  }
  return groups;
}

/** One cycle inside a group of files that all reach each other, from its first file back to it. */
function cycleThrough(graph: Map<string, string[]>, group: Set<string>): string[] {
  const [first] = [...group].sort();
  // Breadth-first from the first file to any file importing it: the shortest way round.
  const cameFrom = new Map<string, string>();
  const queue = [first!];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!group.has(target)) continue;
      if (target === first) {
        const route = [node];
        while (route[0] !== first) route.unshift(cameFrom.get(route[0]!)!);
        return [...route, first!];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [first!, first!];
}
