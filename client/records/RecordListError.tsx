import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router-dom';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { Page } from '../components/page/Page.tsx';
import { useI18n } from '../i18n/useI18n.tsx';
import { useKindText } from '../i18n/useKindText.ts';

/** A list that could not be loaded says so and offers a retry; a bad `q` or `page` in the URL says what is wrong. */
export function RecordListError({ kind }: { kind: RecordKind }) {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const { t } = useI18n();
  const { title } = useKindText(kind);
  const badRequest = isRouteErrorResponse(error) && error.status === 400;
  const message =
    badRequest && typeof (error.data as { message?: unknown } | undefined)?.message === 'string'
      ? (error.data as { message: string }).message
      : undefined;
  return (
    <Page title={title} description={t('list.errorDescription', { title })}>
      <div className="record-error" role="alert">
        {badRequest ? (
          <>
            <p>{message ?? t('list.badAddress')}</p>
            <p>
              <Link to={pathname}>{t('list.showAll')}</Link>
            </p>
          </>
        ) : (
          <>
            <p>{t('list.loadFailed', { title })}</p>
            <p>
              {/* Going to the same address again re-runs the loader, with or without JavaScript. */}
              <Link to={{ pathname, search }} replace className="pager-button">
                {t('list.retry')}
              </Link>
            </p>
          </>
        )}
      </div>
    </Page>
  );
}
