/** A value now or later: hot paths (the router, stateful rules) stay synchronous while every
 * answer they read is, and allocate a promise only once one is not. */
export type MaybePromise<T> = T | Promise<T>;

export function isPromiseLike<T>(v: MaybePromise<T>): v is Promise<T> {
  return v !== null && typeof v === 'object' && typeof (v as { then?: unknown }).then === 'function';
}

/** f(value), applied now when `value` is not a promise, else once it resolves. */
export function andThen<T, R>(value: MaybePromise<T>, f: (v: T) => MaybePromise<R>): MaybePromise<R> {
  return isPromiseLike(value) ? value.then(f) : f(value);
}
