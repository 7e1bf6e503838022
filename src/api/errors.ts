import { HTTPError } from 'ky';
import { ErrorBody } from '../../contract/errors';

/** True when the call got no answer at all (offline, server unreachable), not an error answer. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof HTTPError) return false;
  return error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
}

/** The `errors` an error answer lists, or null when its body is not the API's error body. */
export async function errorsOfAnswer(error: HTTPError): Promise<ErrorBody['errors'] | null> {
  const body = ErrorBody.safeParse(
    await error.response
      .clone()
      .json()
      .catch(() => null),
  );
  return body.success ? body.data.errors : null;
}

/** The form messages of a refused save (400), or null when it failed otherwise. */
export async function formProblems(error: unknown): Promise<string[] | null> {
  if (!(error instanceof HTTPError) || error.response.status !== 400) return null;
  return (await errorsOfAnswer(error))?.map((e) => e.detail) ?? null;
}
