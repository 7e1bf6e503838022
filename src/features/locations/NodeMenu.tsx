import { Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconClipboard,
  IconCopy,
  IconCut,
  IconDots,
  IconPackage,
  IconPlus,
  IconPrinter,
  IconTrash,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { selectCopy, selectMove } from './clipboard';
import classes from './tree.module.css';
import { addChild, paste, pasteItem, remove } from './treeActions';
import { useTree, useTreeStore } from './treeStore';

const AddItemModal = lazy(() => import('./AddItemModal'));
const LabelsModal = lazy(() => import('./LabelsModal'));

interface Props {
  id: number;
  editable: boolean;
  isRoot: boolean;
}

/**
 * The Warehouse Overview's node actions in one menu per row (the menu's items render only when it
 * opens, so long lists stay light). The root takes new children and pastes, and is never renamed,
 * copied, moved, flagged or deleted.
 */
export function NodeMenu({ id, editable, isRoot }: Props) {
  const store = useTreeStore();
  const name = useTree((s) => s.nodes[id]?.location_name ?? '');
  const [dialog, setDialog] = useState<'item' | 'labels' | null>(null);
  // The menu is mounted at the first click: a closed Mantine Menu per row is what made opening
  // a level of hundreds of rows slow.
  const [mounted, setMounted] = useState(false);

  function confirmDelete() {
    modals.openConfirmModal({
      title: 'Delete location',
      children: (
        <Text size="sm">
          Are you sure you want to delete &quot;{name}&quot; and all locations inside it?
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove(store, id),
    });
  }

  const trigger = (
    <button
      type="button"
      className={classes.icon}
      aria-label={`Actions for ${name}`}
      onClick={mounted ? undefined : () => setMounted(true)}
    >
      <IconDots size={16} />
    </button>
  );
  if (!mounted) return trigger;

  return (
    <>
      <Menu position="bottom-start" withinPortal defaultOpened>
        <Menu.Target>{trigger}</Menu.Target>
        <Menu.Dropdown>
          {editable && (
            <>
              <Menu.Item
                leftSection={<IconPlus size={14} />}
                onClick={() => void addChild(store, id)}
              >
                New location
              </Menu.Item>
              {!isRoot && (
                <>
                  <Menu.Item
                    leftSection={<IconCopy size={14} />}
                    onClick={() => store.setState({ nodeSelection: selectCopy(id, name) })}
                  >
                    Copy
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconCut size={14} />}
                    onClick={() => store.setState({ nodeSelection: selectMove(id, name) })}
                  >
                    Cut
                  </Menu.Item>
                </>
              )}
              <Menu.Item
                leftSection={<IconClipboard size={14} />}
                onClick={() => void paste(store, id)}
              >
                Paste
              </Menu.Item>
              {!isRoot && (
                <>
                  <Menu.Item
                    leftSection={<IconPackage size={14} />}
                    onClick={() => setDialog('item')}
                  >
                    Add item
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconClipboard size={14} />}
                    onClick={() => void pasteItem(store, id)}
                  >
                    Paste item
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={confirmDelete}
                  >
                    Delete
                  </Menu.Item>
                </>
              )}
              <Menu.Divider />
            </>
          )}
          <Menu.Item leftSection={<IconPrinter size={14} />} onClick={() => setDialog('labels')}>
            Print labels
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {dialog === 'item' && <AddItemModal locationId={id} onClose={() => setDialog(null)} />}
        {dialog === 'labels' && (
          <LabelsModal locationId={id} name={name} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </>
  );
}
