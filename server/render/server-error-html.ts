/** Last-resort page when the React renderer itself cannot run; no details are shown. */
export const serverErrorHtml = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Something went wrong</title></head>
<body><main><h1>Something went wrong</h1>
<p>Sorry, this page could not be shown right now. Please try again in a few minutes.</p>
<p><a href="/">Go to the home page</a></p></main></body>
</html>`;
