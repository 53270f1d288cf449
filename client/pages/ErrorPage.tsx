import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Page } from '../components/page/Page.tsx';

/** Not-found and server-error pages; never shows error details to the visitor. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page
        title="Page not found"
        description="The page you asked for does not exist."
        canonical={false}
      >
        <p>We could not find the page you asked for. It may have been moved or removed.</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title="Something went wrong" description="The page could not be shown." canonical={false}>
      <p>Sorry, this page could not be shown right now. Please try again in a few minutes.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </Page>
  );
}
