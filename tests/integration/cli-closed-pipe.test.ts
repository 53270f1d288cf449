import { describe, expect, it } from 'vitest';
import { startCli, useWorkspace } from './cli-harness.ts';

describe('a closed standard output', { timeout: 180_000 }, () => {
  const space = useWorkspace({ operator: true, scope: 'all' });

  // `municipal db stats | head -1`: the reader is gone before the command writes.
  it.each([
    ['db', 'stats'],
    ['users', 'list'],
    ['audit', 'list'],
    ['alerts', 'stats'],
  ])('%s %s ends quietly with exit 0', async (...args) => {
    const { child, done } = startCli(space.dataDir, args);
    child.stdout!.destroy();
    const result = await done;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});
