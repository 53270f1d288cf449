/**
 * Fastify serialises a body with its response schema and leaves out every property the
 * schema does not name, without a word. Wrapping a fixed-shape schema in
 * `describesEvery<T>()(schema)` makes that a compile error instead: the schema must name
 * every key of the type the route sends.
 */
export function describesEvery<T>() {
  return <const S extends { properties: Record<keyof T, unknown> }>(schema: S): S => schema;
}
