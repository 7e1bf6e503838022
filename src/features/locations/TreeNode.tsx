import { Box, Button, Checkbox, Loader } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { memo, useEffect, useRef } from 'react';
import { useSession } from '../../app/session';
import { newItemsCheckbox, newItemsToggle } from './newItemsFlag';
import { NodeItems } from './NodeItems';
import { NodeMenu } from './NodeMenu';
import { NodeName } from './NodeName';
import { collapse, expand, showMore, toggleNewItems } from './treeActions';
import classes from './tree.module.css';
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
      <div
        ref={rowRef}
        className={classes.row}
        style={{ paddingLeft: depth * 20 }}
        data-highlighted={highlighted || undefined}
      >
        <button
          type="button"
          className={classes.icon}
          aria-label={expanded ? `Collapse ${node.location_name}` : `Expand ${node.location_name}`}
          onClick={() => (expanded ? collapse(store, id) : void expand(store, id))}
          data-hidden={openable || editable ? undefined : true}
        >
          {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
        </button>
        <NodeName id={id} name={node.location_name} editable={editable && !isRoot} />
        <span className={classes.code} title="Location code">
          {node.code}
        </span>
        {editable && !isRoot ? (
          <Checkbox
            size="xs"
            label="new items"
            checked={flag.checked}
            disabled={flag.disabled || nextFlag === null}
            onChange={() => nextFlag !== null && void toggleNewItems(store, id, nextFlag)}
          />
        ) : (
          flag.checked && <span className={classes.flag}>new items</span>
        )}
        {manager && <NodeMenu id={id} editable={editable} isRoot={isRoot} />}
        {loading && <Loader size="xs" />}
      </div>
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
            <span className={classes.more} style={{ paddingLeft: (depth + 1) * 20 + 30 }}>
              No sub-locations
            </span>
          )}
        </div>
      )}
    </div>
  );
});
