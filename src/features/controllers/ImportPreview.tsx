import { List, Stack, Table, Text } from '@mantine/core';
import {
  PREVIEW_FIELDS,
  PREVIEW_FILES,
  PREVIEW_NOT_COMPARED,
  type ControllerPreview,
  type PreviewFile,
} from '../../../contract/controllers';

const LABEL: Record<string, string> = Object.fromEntries(PREVIEW_FILES);
const quoted = (v: string | null) => (v === null ? 'empty' : `'${v}'`);

/** One changed row as the screen tells it, e.g. "3001: name 'Brick 2 x 4' → 'Brick 2 x 4 (new)'". */
export function exampleText(example: PreviewFile['examples'][number]): string {
  const changes = example.changes.map(
    (c) => `${PREVIEW_FIELDS[c.field] ?? c.field} ${quoted(c.old)} → ${quoted(c.new)}`,
  );
  return `${example.item}: ${changes.join(', ')}`;
}

/**
 * What the import will change, shown before it runs: per kind of row the dump holds, how many are
 * new, changed and unchanged, then a few of the changes.
 */
export function ImportPreview({ preview }: { preview: ControllerPreview }) {
  const files = preview.files.filter((f) => f.read > 0);
  const changes = files.flatMap((f) => f.examples.map((e) => ({ file: f.file, e })));
  const skipped = files.some((f) => f.skipped > 0);
  const nothing = files.every((f) => f.created + f.updated === 0);
  return (
    <Stack gap="sm">
      {preview.error && (
        <Text size="sm" c="red">
          The dump cannot be imported as it is, so the run will fail: {preview.error}
        </Text>
      )}
      <Text size="sm">What the import will change in the catalog:</Text>
      <Table striped aria-label="What the import will change">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>New</Table.Th>
            <Table.Th>Changed</Table.Th>
            <Table.Th>Unchanged</Table.Th>
            {skipped && <Table.Th>Skipped</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((f) => (
            <Table.Tr key={f.file}>
              <Table.Th scope="row">{LABEL[f.file] ?? f.file}</Table.Th>
              <Table.Td>{f.created.toLocaleString('en')}</Table.Td>
              <Table.Td>{f.updated.toLocaleString('en')}</Table.Td>
              <Table.Td>{f.unchanged.toLocaleString('en')}</Table.Td>
              {skipped && <Table.Td>{f.skipped.toLocaleString('en')}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {nothing && !preview.error && (
        <Text size="sm">The catalog already holds these rows as they are: nothing changes.</Text>
      )}
      {changes.length > 0 && (
        <>
          <Text size="sm">Changes, for example:</Text>
          <List size="sm" aria-label="Changes, for example">
            {changes.map(({ file, e }) => (
              <List.Item key={`${file}:${e.item}`}>
                {LABEL[file] ?? file}: {exampleText(e)}
              </List.Item>
            ))}
          </List>
        </>
      )}
      <Text size="xs" c="dimmed">
        {PREVIEW_NOT_COMPARED} are compared during the run.
      </Text>
    </Stack>
  );
}
