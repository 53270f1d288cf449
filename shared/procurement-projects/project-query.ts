import type { ProjectListQuery } from './procurement-project.ts';

/** The URL query of a projects list view; page 1 and missing filters are left out. */
export function projectSearchParams(query: ProjectListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.year !== undefined) params.set('year', String(query.year));
  if (query.mode !== undefined) params.set('mode', query.mode);
  if (query.status !== undefined) params.set('status', query.status);
  if (query.supplier !== undefined) params.set('supplier', query.supplier);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}
