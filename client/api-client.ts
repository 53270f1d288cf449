import { codeIn } from '../shared/refusals.ts';

/**
 * Error for a failed API call, carrying the HTTP status so loaders can turn a 404 into the
 * not-found page, and the refusal's code when the API sent one (NOT_PERMITTED, …).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The ApiError for an answer that is neither a success nor a refusal the caller words. */
export function apiError(status: number, body: unknown): ApiError {
  const error = body as { message?: unknown; code?: unknown } | null;
  return new ApiError(
    status,
    typeof error?.message === 'string' ? error.message : `Request failed with status ${status}`,
    typeof error?.code === 'string' ? error.code : undefined,
  );
}

/**
 * The code of a refused write's answer: the API's own when it is one of `codes`; else, for
 * an answer the app's error handler gave without one (a CSRF token from another session, a
 * body that is not JSON), the code `uncoded` gives its status; undefined when neither (a
 * failure, not a refusal the page words).
 */
export function refusalCode<Code extends string>(
  codes: readonly Code[],
  status: number,
  body: unknown,
  uncoded: Partial<Record<number, Code>> = {},
): Code | undefined {
  const sent = (body as { code?: unknown } | null)?.code;
  return sent === undefined ? uncoded[status] : codeIn(codes, sent);
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) {
    throw apiError(response.status, await response.json().catch(() => null));
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
