import type { AppDatabase } from './connection.ts';

export async function recordSignInFailure(
  { db }: AppDatabase,
  email: string,
  address: string,
): Promise<void> {
  await db.insertInto('sign_in_failures').values({ email, address }).execute();
}

/** Times of the failures since `since`, for this account and for this address, oldest first. */
export async function recentSignInFailures(
  { db }: AppDatabase,
  { email, address, since }: { email: string; address: string; since: Date },
): Promise<{ byEmail: string[]; byAddress: string[] }> {
  const sinceIso = since.toISOString();
  const times = (column: 'email' | 'address', value: string) =>
    db
      .selectFrom('sign_in_failures')
      .select('at')
      .where(column, '=', value)
      .where('at', '>', sinceIso)
      .orderBy('at')
      .execute()
      .then((rows) => rows.map((row) => row.at));
  const [byEmail, byAddress] = await Promise.all([
    times('email', email),
    times('address', address),
  ]);
  return { byEmail, byAddress };
}

/** A successful sign-in clears the account's count; the address keeps its own. */
export async function clearSignInFailures({ db }: AppDatabase, email: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
}

/** Old failures no longer count for anything. */
export async function pruneSignInFailures({ db }: AppDatabase, before: Date): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('at', '<', before.toISOString()).execute();
}
