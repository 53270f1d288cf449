import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Page } from '../page/Page.tsx';
import { useI18n } from '../../i18n/useI18n.tsx';

/** Not-found and server-error pages; never shows error details to the visitor. */
export function ErrorPage() {
  const error = useRouteError();
  const { t, localPath } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page
        title={t('error.notFoundTitle')}
        description={t('error.notFoundDescription')}
        canonical={false}
      >
        <p>{t('error.notFoundText')}</p>
        <p>
          <Link to={localPath('/')}>{t('error.home')}</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page
      title={t('error.failedTitle')}
      description={t('error.failedDescription')}
      canonical={false}
    >
      <p>{t('error.failedText')}</p>
      <p>
        <Link to={localPath('/')}>{t('error.home')}</Link>
      </p>
    </Page>
  );
}
