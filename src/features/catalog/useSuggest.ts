import type { SuggestionRequest } from '../../../contract/catalog-review';
import { notifySuccess } from '../../ui/notify';
import { useApiCall } from '../../ui/useApiCall';
import { suggest } from './api';
import { showCatalogError } from './errors';

/**
 * Sends a suggestion: `sending` while it goes; once sent, 'Suggestion sent' is shown and `then`
 * runs; a refusal is told as the catalog tells it. Answers [sending, send].
 */
export function useSuggest(): [
  boolean,
  (body: SuggestionRequest, then: () => void) => Promise<void>,
] {
  const [sending, whileSending] = useApiCall(showCatalogError);
  const send = (body: SuggestionRequest, then: () => void) =>
    whileSending(async () => {
      await suggest(body);
      notifySuccess('Suggestion sent');
      then();
    });
  return [sending, send];
}
