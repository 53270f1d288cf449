import type { FastifyRequest } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import {
  dismissSuggestion,
  mergeSuppliers,
  pairKey,
  registerSupplier,
  registrationHolder,
  supplierDecisions,
  type SupplierDecider,
} from '../../db/suppliers/supplier-identities.ts';
import {
  isPhilgepsNumber,
  type SupplierDecisionOutcome,
  type SupplierRefusal,
} from '../../shared/suppliers/supplier-decisions.ts';
import { supplierEn } from '../../shared/suppliers/supplier-messages-en.ts';
import { supplierId } from '../../shared/suppliers/supplier-name.ts';
import { SUPPLIER_REFUSAL_KEYS } from '../../shared/suppliers/supplier-refusal-keys.ts';
import { resolveSupplier, supplierIndex, type Supplier } from './supplier-index.ts';
import { suggestionRule } from './supplier-suggestions.ts';

// The staff decisions about suppliers (issue 34), for a signed-in BAC member: each checks
// what it is given, then writes the decision, its history row and its audit entry in one
// transaction (db/suppliers/supplier-identities.ts).

const MAX_REASON = 1000;

function refusal(status: 400 | 403 | 404 | 409, code: SupplierRefusal): SupplierDecisionOutcome {
  return { ok: false, status, code, message: supplierEn[SUPPLIER_REFUSAL_KEYS[code]] };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function decider(request: FastifyRequest, user: StaffUser): SupplierDecider {
  return { actor: user.email, address: request.ip, role: 'bac' };
}

/** The two suppliers of a suggested pair, or the refusal that fits. */
async function pairOf(
  database: SiteDatabase,
  firstId: unknown,
  secondId: unknown,
): Promise<{ first: Supplier; second: Supplier } | SupplierDecisionOutcome> {
  const index = await supplierIndex(database);
  const first = resolveSupplier(index, text(firstId));
  const second = resolveSupplier(index, text(secondId));
  if (!first || !second) return refusal(404, 'NO_SUCH_SUPPLIER');
  if (first === second) return refusal(409, 'SAME_SUPPLIER');
  if (
    suggestionRule(first.key, second.key) === null ||
    (await supplierDecisions(database)).dismissals.has(pairKey(first.key, second.key))
  )
    return refusal(409, 'NOT_SUGGESTED');
  return { first, second };
}

/**
 * Merges the suggested supplier `merge` into `keep`, whose name and id stay: the merged
 * spellings then show on the kept supplier's page as "also written as". A reason is required.
 */
export async function mergeAsStaff(
  database: SiteDatabase,
  request: FastifyRequest,
  user: StaffUser,
  body: { keep?: unknown; merge?: unknown; reason?: unknown },
): Promise<SupplierDecisionOutcome> {
  const pair = await pairOf(database, body.keep, body.merge);
  if ('ok' in pair) return pair;
  const reason = text(body.reason);
  if (reason === '' || reason.length > MAX_REASON) return refusal(400, 'REASON_REQUIRED');
  // A registered supplier keeps its number and id: keep it, and merge the other into it.
  if (pair.second.registration !== null) return refusal(409, 'MERGED_IS_REGISTERED');
  await mergeSuppliers(
    database,
    { kept: pair.first.key, merged: [pair.second.key], reason },
    decider(request, user),
    request.server.clock.now(),
  );
  return { ok: true, id: pair.first.id };
}

/** Says a suggested pair are two companies, so it is not suggested again. */
export async function dismissAsStaff(
  database: SiteDatabase,
  request: FastifyRequest,
  user: StaffUser,
  body: { first?: unknown; second?: unknown; reason?: unknown },
): Promise<SupplierDecisionOutcome> {
  const pair = await pairOf(database, body.first, body.second);
  if ('ok' in pair) return pair;
  const reason = text(body.reason);
  if (reason.length > MAX_REASON) return refusal(400, 'INVALID_INPUT');
  await dismissSuggestion(
    database,
    { first: pair.first.key, second: pair.second.key, reason },
    decider(request, user),
    request.server.clock.now(),
  );
  return { ok: true, id: pair.first.id };
}

/**
 * Gives a supplier its PhilGEPS registration number, which becomes its id
 * (`philgeps-<number>`); the former id answers 301 to it. A number another supplier holds
 * is refused.
 */
export async function registerAsStaff(
  database: SiteDatabase,
  request: FastifyRequest,
  user: StaffUser,
  body: { supplier?: unknown; number?: unknown },
): Promise<SupplierDecisionOutcome> {
  const supplier = resolveSupplier(await supplierIndex(database), text(body.supplier));
  if (!supplier) return refusal(404, 'NO_SUCH_SUPPLIER');
  const number = text(body.number);
  if (!isPhilgepsNumber(number)) return refusal(400, 'INVALID_NUMBER');
  const holder = await registrationHolder(database, number);
  if (holder !== undefined && holder !== supplier.key) return refusal(409, 'NUMBER_TAKEN');
  await registerSupplier(
    database,
    { folded: supplier.key, number, formerId: supplier.id },
    decider(request, user),
    request.server.clock.now(),
  );
  return { ok: true, id: supplierId(supplier.key, number) };
}
