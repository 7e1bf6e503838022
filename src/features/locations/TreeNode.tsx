import { ActionIcon, Badge, Box, Button, Checkbox, Group, Loader, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { memo, useEffect, useRef } from 'react';
import { useSession } from '../../app/session';
import { newItemsCheckbox, newItemsToggle } from './newItemsFlag';
import { NodeItems } from './NodeItems';
import { NodeMenu } from './NodeMenu';
import { NodeName } from './NodeName';
import { collapse, expand, showMore, toggleNewItems } from './treeActions';
import { CHILDREN_WINDOW, useTree, useTreeStore } from './treeStore';

interface Props {
  id: number;
  depth: number;
  editable: boolean;
}

/** One location: its row, and when expanded its items and (a window of) its children. */
export const TreeNode = memo(function TreeNode({ id, depth, editable }: Props) {
  const store = useTreeStore();
  const node = useTree((s) => s.nodes[id]);
  const expanded = useTree((s) => !!s.expanded[id]);
  const loading = useTree((s) => !!s.loading[id]);
  const kids = useTree((s) => s.children[id]);
  const shown = useTree((s) => s.shown[id] ?? CHILDREN_WINDOW);
  const highlighted = useTree((s) => s.highlighted === id);
  const manager = useSession((s) => s.flags.warehouse_manager);
  const rowRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (highlighted) rowRef.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);

  if (!node) return null;
  const isRoot = node.parent_id === null;
  const openable = node.has_children || node.has_content || (kids?.length ?? 0) > 0;
  const flag = newItemsCheckbox(node.is_selected_new_location);
  const nextFlag = newItemsToggle(node.is_selected_new_location);

  return (
    <div
      role="treeitem"
      aria-label={node.location_name}
      aria-level={depth + 1}
      aria-expanded={openable ? expanded : undefined}
      aria-selected={highlighted}
      data-code={node.code}
    >
      <Group
        ref={rowRef}
        gap={6}
        wrap="nowrap"
        pl={depth * 20}
        py={2}
        bg={highlighted ? 'yellow.1' : undefined}
      >
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={expanded ? `Collapse ${node.location_name}` : `Expand ${node.location_name}`}
          onClick={() => (expanded ? collapse(store, id) : void expand(store, id))}
          style={{ visibility: openable || editable ? 'visible' : 'hidden' }}
        >
          {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
        </ActionIcon>
        <NodeName id={id} name={node.location_name} editable={editable && !isRoot} />
        <Badge variant="outline" color="gray" radius="sm" tt="none" title="Location code">
          {node.code}
        </Badge>
        {editable && !isRoot ? (
          <Checkbox
            size="xs"
            label="new items"
            checked={flag.checked}
            disabled={flag.disabled || nextFlag === null}
            onChange={() => nextFlag !== null && void toggleNewItems(store, id, nextFlag)}
          />
        ) : (
          flag.checked && (
            <Badge size="xs" color="teal" variant="light">
              new items
            </Badge>
          )
        )}
        {manager && <NodeMenu id={id} editable={editable} isRoot={isRoot} />}
        {loading && <Loader size="xs" />}
      </Group>
      {expanded && kids && (
        <div role="group">
          <NodeItems locationId={id} depth={depth + 1} editable={editable} />
          {kids.slice(0, shown).map((child) => (
            <TreeNode key={child} id={child} depth={depth + 1} editable={editable} />
          ))}
          {kids.length > shown && (
            <Box pl={(depth + 1) * 20 + 30}>
              <Button variant="subtle" size="compact-sm" onClick={() => showMore(store, id)}>
                Show more ({kids.length - shown} more)
              </Button>
            </Box>
          )}
          {kids.length === 0 && (
            <Text size="xs" c="dimmed" pl={(depth + 1) * 20 + 30}>
              No sub-locations
            </Text>
          )}
        </div>
      )}
    </div>
  );
});
