import { HTTPError } from 'ky';
import { notifyError } from '../../ui/notify';

/** The toasts a refused suggestion shows as they are, without 'Error: '. */
const AS_IS = [/^Suggestion unsuccessful: /, /^Relation not possible: /];

/**
 * A failed catalog call: 'Error: ' and the server's message, or 'Unknown error'; without an answer,
 * the error's own message. A refused suggestion shows the refusal itself.
 */
export async function catalogErrorText(error: unknown): Promise<string> {
  if (error instanceof HTTPError) {
    let detail: string | undefined;
    try {
      const body = (await error.response.clone().json()) as { errors?: { detail?: string }[] };
      detail = body.errors?.[0]?.detail;
    } catch {
      detail = undefined;
    }
    if (detail && AS_IS.some((re) => re.test(detail))) return detail;
    return `Error: ${detail || 'Unknown error'}`;
  }
  return `Error: ${error instanceof Error ? error.message : String(error)}`;
}

export async function showCatalogError(error: unknown): Promise<void> {
  notifyError(await catalogErrorText(error));
}
