/**
 * Type helpers of the generated client. The per-operation result keeps the core's
 * `{ data, error, response }` and adds `apiError`, a discriminated failure (see api-error.ts).
 */
import type { ApiError } from './api-error.js';

// biome-ignore lint/complexity/noBannedTypes: `{} extends Pick<T, K>` is the test for an optional key
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

/** Like the core's own (fetch-types.ts): the init argument is optional only when nothing in it is required. */
export type InitArgs<Init> = [RequiredKeys<Init>] extends [never]
  ? [(Init & { [key: string]: unknown })?]
  : [Init & { [key: string]: unknown }];

// biome-ignore lint/complexity/noBannedTypes: `{} extends Pick<R, 'error'>` is the test for an optional key
type IsSuccess<R> = 'error' extends keyof R ? ({} extends Pick<R, 'error' & keyof R> ? true : false) : true;

/** The success variant of a FetchResponse (fetch-types.ts). */
export type SuccessOf<R> = R extends unknown ? (IsSuccess<R> extends true ? R : never) : never;
/** The documented error body type of a FetchResponse. */
export type ErrorBodyOf<R> = R extends unknown
  ? IsSuccess<R> extends true
    ? never
    : R extends { error: infer E }
      ? E
      : never
  : never;

export type CallResult<R> =
  | (SuccessOf<R> & { apiError?: undefined })
  | { data?: undefined; error?: ErrorBodyOf<R>; apiError: ApiError; response?: Response };
