import type { LoaderFunctionArgs } from 'react-router-dom';
import type { Content, ContentPart } from '../../../shared/content-types.ts';
import { services } from '../../services-context.ts';

/** A route loader that returns the named content files, keyed by their names. */
export function partsLoader<const Parts extends readonly ContentPart[]>(...parts: Parts) {
  return async ({ context }: LoaderFunctionArgs) => {
    const source = services(context);
    const values = await Promise.all(parts.map((part) => source.contentPart(part)));
    return Object.fromEntries(parts.map((part, index) => [part, values[index]])) as {
      [Part in Parts[number]]: Content[Part];
    };
  };
}
