import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router-dom';
import type { RootData } from '../root-data.ts';
import { useI18n } from '../i18n/useI18n.tsx';

/** The boxed layout of the staff pages, headed by the municipal logo. */
export function StaffCard({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { plain } = useI18n();
  return (
    <div className={wide ? 'staff-card staff-card-wide' : 'staff-card'}>
      {root ? (
        <img
          className="staff-logo"
          src={root.site.seal.src}
          alt={plain(root.site.seal.alt)}
          width={96}
          height={96}
        />
      ) : null}
      {children}
    </div>
  );
}
