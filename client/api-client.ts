/** Error for a failed API call, carrying the HTTP status so loaders can turn a 404 into the not-found page. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(
      response.status,
      body?.message ?? `Request failed with status ${response.status}`,
    );
  }
  return (await response.json()) as T;
}

/** Like getJson, but a 404 means "there is no such thing" rather than a failure. */
export async function getJsonOrUndefined<T>(
  path: string,
  signal?: AbortSignal,
): Promise<T | undefined> {
  try {
    return await getJson<T>(path, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** A write to the API with the session's CSRF token; the caller reads the status and body. */
export async function sendJson(
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  csrfToken: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(path, {
    method,
    headers: {
      ...headers,
      accept: 'application/json',
      'x-csrf-token': csrfToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}
