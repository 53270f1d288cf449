import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router-dom';
import type { RecordKind } from '../../../shared/record-kinds.ts';
import { Page } from '../page/Page.tsx';

/** A list that could not be loaded says so and offers a retry; a bad `q` or `page` in the URL says what is wrong. */
export function RecordListError({ kind }: { kind: RecordKind }) {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const badRequest = isRouteErrorResponse(error) && error.status === 400;
  const message =
    badRequest && typeof (error.data as { message?: unknown } | undefined)?.message === 'string'
      ? (error.data as { message: string }).message
      : undefined;
  return (
    <Page title={kind.title} description={`${kind.title}: procurement documents.`}>
      <div className="record-error" role="alert">
        {badRequest ? (
          <>
            <p>{message ?? 'This list address is not valid.'}</p>
            <p>
              <Link to={pathname}>Show the whole list</Link>
            </p>
          </>
        ) : (
          <>
            <p>{`Sorry, the ${kind.title} list could not be loaded.`}</p>
            <p>
              {/* Going to the same address again re-runs the loader, with or without JavaScript. */}
              <Link to={{ pathname, search }} replace className="pager-button">
                Try again
              </Link>
            </p>
          </>
        )}
      </div>
    </Page>
  );
}
