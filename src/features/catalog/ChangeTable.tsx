import { Anchor, Code, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCallback, useState } from 'react';
import { CATALOG_PAGE_SIZE, type CatalogRef } from '../../../contract/catalog';
import { type ChangeEntry } from '../../../contract/catalog-review';
import { fetchChanges } from './api';
import { shownTime, valueText } from './format';
import { screenOf } from './links';
import { LoadState } from './LoadState';
import { Pager } from './Pager';
import { useLoad } from './useLoad';

/** The changed object: its name, opening its screen; a relation is named by its kind. */
function ObjectCell({ entry }: { entry: ChangeEntry }) {
  const to = screenOf({
    type: entry.model as CatalogRef['type'],
    uuid: entry.model_uuid,
    set_id: null,
  });
  if (entry.object_name && to) {
    return (
      <Anchor component={Link} to={to} size="sm">
        {entry.object_name}
      </Anchor>
    );
  }
  return <Text size="sm">{entry.object_name ?? `a ${entry.model} relation`}</Text>;
}

function ChangeLines({ entry }: { entry: ChangeEntry }) {
  return (
    <Stack gap={2}>
      {Object.entries(entry.changes).map(([field, c]) => (
        <Text key={field} size="sm">
          <Code>{field}</Code>: from {valueText(c.old, entry.names)} to{' '}
          {valueText(c.new, entry.names)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The change-log table, 25 rows a page with 5 page links: the whole catalog's, or one object's
 * (uuid).
 */
export function ChangeTable({ uuid }: { uuid?: string }) {
  const [page, setPage] = useState(0);
  const load = useCallback(() => fetchChanges(page, CATALOG_PAGE_SIZE, uuid), [page, uuid]);
  const { result, reload } = useLoad(load);
  return (
    <LoadState result={result} label="Loading changes" reload={reload}>
      {(list) =>
        list.results.length === 0 ? (
          <Text>There are no changes</Text>
        ) : (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={720}>
              <Table striped verticalSpacing="xs" aria-label="Changes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Actor</Table.Th>
                    <Table.Th>Model</Table.Th>
                    {!uuid && <Table.Th>Object</Table.Th>}
                    <Table.Th>Action</Table.Th>
                    <Table.Th>Changes</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.results.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{shownTime(e.timestamp)}</Table.Td>
                      <Table.Td>{e.actor.name}</Table.Td>
                      <Table.Td>{e.model}</Table.Td>
                      {!uuid && (
                        <Table.Td>
                          <ObjectCell entry={e} />
                        </Table.Td>
                      )}
                      <Table.Td>{e.action}</Table.Td>
                      <Table.Td>
                        <ChangeLines entry={e} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager page={page} count={list.count} size={CATALOG_PAGE_SIZE} onChange={setPage} />
          </Stack>
        )
      }
    </LoadState>
  );
}
