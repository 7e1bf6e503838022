import { Alert, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { useSession } from '../../app/session';
import { reveal } from './treeActions';
import { TreeContext, createTreeStore } from './treeStore';
import { TreeNode } from './TreeNode';
import { LoadingLine } from '../../ui/LoadingLine';

/**
 * Warehouse Overview (/location and /location/:locationId): the location tree, loaded one level at
 * a time (docs/locations.md). The warehouse manager edits it with the editing switch; a picker
 * reads it.
 */
export default function LocationsPage() {
  const { locationId } = useParams();
  const [store] = useState(createTreeStore);
  const canEdit = useSession((s) => s.flags.warehouse_manager);
  const rootId = useStore(store, (s) => s.rootId);
  const editing = useStore(store, (s) => s.editing);
  const nodeSelection = useStore(store, (s) => s.nodeSelection);
  const itemSelection = useStore(store, (s) => s.itemSelection);

  const target = locationId && /^\d+$/.test(locationId) ? Number(locationId) : null;
  useEffect(() => {
    void reveal(store, target);
  }, [store, target]);

  return (
    <TreeContext.Provider value={store}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2}>Warehouse Overview</Title>
          {canEdit && (
            <Switch
              label="Editing"
              checked={editing}
              onChange={(e) => store.setState({ editing: e.currentTarget.checked })}
            />
          )}
        </Group>
        {editing && (nodeSelection || itemSelection) && (
          <Alert variant="light" color="blue" p="xs">
            {nodeSelection && (
              <Text size="sm">
                Selected for {nodeSelection.mode === 'copy' ? 'copy' : 'moving'}:{' '}
                <b>{nodeSelection.name}</b>
              </Text>
            )}
            {itemSelection && (
              <Text size="sm">
                Item selected for moving: <b>{itemSelection.label}</b>
              </Text>
            )}
          </Alert>
        )}
        {rootId === null ? (
          <LoadingLine what="locations" />
        ) : (
          <div role="tree" aria-label="Locations">
            <TreeNode id={rootId} depth={0} editable={canEdit && editing} />
          </div>
        )}
      </Stack>
    </TreeContext.Provider>
  );
}
