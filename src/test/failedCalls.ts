import ky from 'ky';

/** A ky whose every call is answered with `body` and `status`. */
export function answering(status: number, statusText: string, body: string) {
  return ky.create({
    retry: 0,
    fetch: async () => new Response(body, { status, statusText }),
  });
}

/** A ky whose every call gets no answer at all, as with the network gone. */
export function unanswered() {
  return ky.create({
    retry: 0,
    fetch: () => Promise.reject(new TypeError('Failed to fetch')),
  });
}

/** What `promise` fails with; the test fails when it succeeds. */
export function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
}
