/**
 * Services whose code loads on their first call. The staff, staff-account and advisory-staff
 * services of the browser are only ever called by staff pages, yet a static import puts them
 * in the chunk every public first visit downloads and runs (vite.config.ts, first-visit
 * chunk). Each method here imports its module when called, then forwards the call, so
 * their code ships only to the browsers that use it; the `AppServices` shape is unchanged.
 *
 * `names` lists every method (a `Record` over the interface's keys, so a method added to the
 * interface without being listed does not compile).
 */
export function lazyServices<T extends Record<keyof T, (...args: never[]) => Promise<unknown>>>(
  load: () => Promise<T>,
  names: Record<keyof T, true>,
): T {
  const methods: Partial<Record<keyof T, unknown>> = {};
  for (const name of Object.keys(names) as (keyof T)[]) {
    methods[name] = (...args: never[]) => load().then((loaded) => loaded[name](...args));
  }
  return methods as T;
}
