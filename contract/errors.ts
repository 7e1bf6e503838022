import { z } from 'zod';

/**
 * The error body every failed API call returns; the client's general handler reads
 * `errors[].detail`.
 */
export const ErrorBody = z.object({
  errors: z.array(
    z.object({
      detail: z.string(),
      code: z.string().optional(),
    }),
  ),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ErrorCode = {
  validation: 'validation_failed',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tooMany: 'too_many_requests',
  tooLarge: 'payload_too_large',
  internal: 'internal_error',
  /** The server cannot reach its database right now (503 with Retry-After). */
  unavailable: 'service_unavailable',
} as const;

export function errorBody(detail: string, code?: string): ErrorBody {
  return { errors: [{ detail, ...(code ? { code } : {}) }] };
}

/** The general error handler: one detail alone, several as a dash list, else 'Unknown error'. */
export function describeErrors(body: unknown): string {
  const parsed = ErrorBody.safeParse(body);
  if (!parsed.success) return typeof body === 'string' ? body : JSON.stringify(body);
  const details = parsed.data.errors.map((e) => e.detail);
  if (details.length === 0) return 'Unknown error';
  if (details.length === 1) return details[0];
  return details.map((d) => `- ${d}`).join('\n');
}
