/**
 * openapi-fetch writes every query array exploded (`x=a&x=b`) unless told otherwise per request;
 * an operation whose document says `explode: false` for some arrays gets this serializer, which
 * writes those as one delimited value (`x=a,b`, `a%20b`, `a|b`) and leaves the rest to
 * openapi-fetch's own serializer.
 */
import { createQuerySerializer, serializeArrayParam, type QuerySerializer } from 'openapi-fetch';

export type DelimitedQueryStyle = 'form' | 'spaceDelimited' | 'pipeDelimited';

export function delimitedQuerySerializer(styles: Readonly<Record<string, DelimitedQueryStyle>>): QuerySerializer<unknown> {
  const plain = createQuerySerializer();
  return (query) => {
    const parts: string[] = [];
    const rest: Record<string, unknown> = {};
    for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
      const style = Object.hasOwn(styles, name) ? styles[name] : undefined;
      if (style !== undefined && Array.isArray(value)) {
        if (value.length > 0) parts.push(serializeArrayParam(name, value as string[], { style, explode: false }));
      } else {
        Object.defineProperty(rest, name, { value, enumerable: true, writable: true, configurable: true });
      }
    }
    const others = plain(rest);
    if (others) parts.push(others);
    return parts.join('&');
  };
}
