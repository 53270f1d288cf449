/** Last-resort page when the React renderer cannot run or a request fails before it; no details are shown. */
export function errorPageHtml(status: number): string {
  const [title, message] =
    status === 403
      ? [
          'Request refused',
          'This request was refused. If you were filling in a form, reload the page and try again.',
        ]
      : status < 500
        ? [
            'Request not understood',
            'The request could not be understood. Please go back and try again.',
          ]
        : [
            'Something went wrong',
            'Sorry, this page could not be shown right now. Please try again in a few minutes.',
          ];
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head>
<body><main><h1>${title}</h1>
<p>${message}</p>
<p><a href="/">Go to the home page</a></p></main></body>
</html>`;
}
