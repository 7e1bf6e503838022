import { Button, Group } from '@mantine/core';
import { CATALOG_PAGE_LINKS } from '../../../contract/catalog';

/** The page links to show: at most 5, the current page kept near the middle (zero-based). */
export function pageWindow(page: number, pages: number, links = CATALOG_PAGE_LINKS): number[] {
  const count = Math.min(links, pages);
  const first = Math.max(0, Math.min(page - Math.floor(links / 2), pages - count));
  return Array.from({ length: count }, (_, i) => first + i);
}

/**
 * Numbered pages of a catalog list, 5 links at a time with previous and next. Pages are
 * zero-based; the links read from 1.
 */
export function Pager({
  page,
  count,
  size,
  onChange,
}: {
  page: number;
  count: number;
  size: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(count / size));
  if (pages <= 1) return null;
  return (
    <Group gap={4} role="navigation" aria-label="Pages">
      <Button
        size="compact-sm"
        variant="default"
        disabled={page === 0}
        onClick={() => onChange(page - 1)}
        aria-label="Previous page"
      >
        ‹
      </Button>
      {pageWindow(page, pages).map((p) => (
        <Button
          key={p}
          size="compact-sm"
          variant={p === page ? 'filled' : 'default'}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => onChange(p)}
        >
          {p + 1}
        </Button>
      ))}
      <Button
        size="compact-sm"
        variant="default"
        disabled={page >= pages - 1}
        onClick={() => onChange(page + 1)}
        aria-label="Next page"
      >
        ›
      </Button>
    </Group>
  );
}
