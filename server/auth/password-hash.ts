import argon2 from 'argon2';

type Cost = { memoryCost: number; timeCost: number; parallelism: number };

/** 64 MiB, t=3, p=4: above OWASP's minimum for argon2id (19 MiB, t=2, p=1). */
const PRODUCTION_COST: Cost = { memoryCost: 65_536, timeCost: 3, parallelism: 4 };
/** OWASP's minimum itself; only tests ask for it, through ARGON2_TEST_COST=low. */
const TEST_COST: Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

function cost(): Cost {
  return process.env.ARGON2_TEST_COST === 'low' ? TEST_COST : PRODUCTION_COST;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost() });
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. Without an account the check still runs
 * against a throw-away hash, so the answer takes as long whether or not the account exists.
 */
export async function verifyPassword(
  storedHash: string | undefined,
  password: string,
): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hashPassword('no account has this password');
    await argon2.verify(await dummyHash, password);
    return false;
  }
  try {
    return await argon2.verify(storedHash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker settings than today's; rehash after sign-in. */
export function hashNeedsUpgrade(storedHash: string): boolean {
  return argon2.needsRehash(storedHash, cost());
}
