/**
 * A response whose body is not JSON (CSV, Atom, XML, text, a stored file), declared by its
 * media types so /openapi.json names every body. The routes send text or a stream, which
 * Fastify passes through as it is: the schema is never used to serialise.
 */
export function mediaResponse(
  description: string,
  mediaTypes: readonly string[],
  format: 'binary' | undefined = undefined,
) {
  const schema = { type: 'string', ...(format ? { format } : {}) };
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema }])),
  };
}

/** An answer with no body, such as a redirect. */
export function emptyResponse(description: string) {
  return { type: 'null', description } as const;
}
