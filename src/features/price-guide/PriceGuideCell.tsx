import { Stack, Text, Tooltip } from '@mantine/core';
import type { Guide, LotGuide } from '../../../contract/price-guide';

const money = (thousandths: number, currency: string) =>
  new Intl.NumberFormat('nl-NL', {
    style: 'currency',
    currency,
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(thousandths / 1000);

function details(label: string, g: Guide, pieces: string) {
  const m = (n: number) => money(n, g.currency_code);
  return `${label}: min ${m(g.min_price)} · avg ${m(g.avg_price)} · max ${m(g.max_price)} · qty avg ${m(g.qty_avg_price)} · ${g.unit_quantity} ${pieces}, ${g.total_quantity} pcs`;
}

/**
 * A lot's BrickLink price guide beside its price: the average sold in the last 6 months and the
 * average for sale now; the tooltip has min, max, quantity average, quantities and when it was read.
 */
export function PriceGuideCell({ guide }: { guide: LotGuide | undefined }) {
  if (!guide) return null;
  if (guide.error && !guide.sold && !guide.stock)
    return (
      <Text size="xs" c="dimmed" maw={180}>
        {guide.error}
      </Text>
    );
  const { sold, stock } = guide;
  const lines = [
    sold && details('Sold (last 6 months)', sold, 'sales'),
    stock && details('For sale now', stock, 'lots'),
    `Read from BrickLink ${new Date((sold ?? stock)!.fetched_at).toLocaleString('nl-NL')}`,
    guide.error,
  ].filter(Boolean);
  return (
    <Tooltip label={lines.join('\n')} multiline w={320} style={{ whiteSpace: 'pre-line' }}>
      <Stack gap={0} data-testid="price-guide">
        <Text size="xs">Sold Ø {sold ? money(sold.avg_price, sold.currency_code) : '–'}</Text>
        <Text size="xs" c="dimmed">
          For sale Ø {stock ? money(stock.avg_price, stock.currency_code) : '–'}
        </Text>
      </Stack>
    </Tooltip>
  );
}
