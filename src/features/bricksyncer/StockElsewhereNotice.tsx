import { Alert, Text } from '@mantine/core';
import { STOCK_ELSEWHERE_SHOWN, StockElsewhereMessages as S } from '../../../contract/sync-batches';

/**
 * Tells which lots are of items the warehouse holds none of in its locations, and what that
 * means once they are uploaded (stock kept elsewhere). Nothing when there are none.
 */
export function StockElsewhereNotice({ labels }: { labels: string[] }) {
  if (labels.length === 0) return null;
  const unique = [...new Set(labels)];
  return (
    <Alert color="yellow" title={S.title} data-testid="stock-elsewhere">
      <Text size="sm">{S.none(unique.slice(0, STOCK_ELSEWHERE_SHOWN), unique.length)}</Text>
      <Text size="sm">{S.meaning}</Text>
    </Alert>
  );
}

/** A condition as a person reads it in the notice: LIKE_NEW → "like new". */
export const conditionWords = (condition: string) => condition.toLowerCase().replace('_', ' ');
