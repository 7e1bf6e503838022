import { ActionIcon, Box, Group, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { filterTree, type Branch } from './tree';

interface Props {
  roots: Branch[];
  /** Filters the tree by name; ancestors of a match open. */
  search: string;
  selected: number | null;
  onSelect: (id: number) => void;
  label: string;
}

/** The expandable theme or category tree; a click on a name chooses it. */
export function CatalogTree({ roots, search, selected, onSelect, label }: Props) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const shown = useMemo(() => filterTree(roots, search), [roots, search]);
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const row = (b: Branch, depth: number) => {
    const id = b.node.id;
    const expanded = open.has(id) || shown.open.has(id);
    const hasChildren = b.children.length > 0;
    return (
      <Box
        component="li"
        key={id}
        role="treeitem"
        aria-expanded={hasChildren ? expanded : undefined}
        aria-selected={selected === id}
        aria-label={b.node.name}
        style={{ listStyle: 'none' }}
      >
        <Group gap={4} wrap="nowrap" pl={depth * 16}>
          {hasChildren ? (
            <ActionIcon
              size="sm"
              variant="subtle"
              aria-label={`${expanded ? 'Collapse' : 'Expand'} ${b.node.name}`}
              onClick={() => toggle(id)}
            >
              {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            </ActionIcon>
          ) : (
            <Box w={22} />
          )}
          <UnstyledButton
            onClick={() => onSelect(id)}
            px={4}
            style={{
              borderRadius: 4,
              background: selected === id ? 'var(--mantine-color-blue-light)' : undefined,
            }}
          >
            <Text size="sm" fw={selected === id ? 600 : undefined}>
              {b.node.name}
            </Text>
          </UnstyledButton>
        </Group>
        {hasChildren && expanded && (
          <Box component="ul" role="group" m={0} p={0}>
            {b.children.map((c) => row(c, depth + 1))}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <ScrollArea.Autosize mah={420}>
      {shown.roots.length === 0 ? (
        <Text c="dimmed" size="sm">
          No match
        </Text>
      ) : (
        <Box component="ul" role="tree" aria-label={label} m={0} p={0}>
          {shown.roots.map((b) => row(b, 0))}
        </Box>
      )}
    </ScrollArea.Autosize>
  );
}
