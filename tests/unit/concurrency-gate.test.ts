import { describe, expect, it } from 'vitest';
import { ConcurrencyGate } from '../../server/auth/concurrency-gate.ts';

/** A task that runs until the test lets it finish, counting how many run at once. */
function controlledTasks() {
  let running = 0;
  let most = 0;
  const finishers: (() => void)[] = [];
  const task = () =>
    new Promise<string>((resolve) => {
      running++;
      most = Math.max(most, running);
      finishers.push(() => {
        running--;
        resolve('done');
      });
    });
  return {
    task,
    finishers,
    get most() {
      return most;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyGate', () => {
  it('runs at most `concurrency` tasks at once, queues `queueLength` and refuses the rest unstarted', async () => {
    const gate = new ConcurrencyGate(2, 3);
    const tasks = controlledTasks();
    const results = Array.from({ length: 8 }, () => gate.run(tasks.task));
    await tick();
    expect(tasks.finishers).toHaveLength(2);
    // The three beyond running and waiting are answered before anything finishes.
    expect(await Promise.all(results.slice(5))).toEqual([
      { admitted: false },
      { admitted: false },
      { admitted: false },
    ]);
    while (tasks.finishers.length > 0) {
      tasks.finishers.shift()!();
      await tick();
    }
    expect(await Promise.all(results.slice(0, 5))).toEqual(
      Array.from({ length: 5 }, () => ({ admitted: true, value: 'done' })),
    );
    expect(tasks.most).toBe(2);
  });

  it('admits again once the queue has room, and frees the place of a task that throws', async () => {
    const gate = new ConcurrencyGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('argon2 failed')))).rejects.toThrow(
      'argon2 failed',
    );
    const tasks = controlledTasks();
    const first = gate.run(tasks.task);
    expect(await gate.run(tasks.task)).toEqual({ admitted: false });
    await tick();
    tasks.finishers.shift()!();
    expect(await first).toEqual({ admitted: true, value: 'done' });
    const again = gate.run(tasks.task);
    await tick();
    tasks.finishers.shift()!();
    expect(await again).toEqual({ admitted: true, value: 'done' });
  });
});
