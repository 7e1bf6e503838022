import {
  Button,
  FileInput,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BsxFormatError, readBsxBlob } from '../../../contract/bsx';
import {
  checkNewBatchItems,
  errorAlert,
  lotLabel,
  newItemFromLot,
  SyncBatchMessages as M,
} from '../../../contract/sync-batches';
import { notifyError, showApiError } from '../../ui/notify';
import { formProblems } from '../../api/errors';
import { convertLots, createSyncBatch, projectChoices } from './api';
import { ImportRow, type ImportLine } from './ImportRow';

const PER_PAGE = 50;

/** The project the new batch belongs to, if any (none at first). */
function ProjectChoice({
  value,
  onChange,
}: {
  value: string | null;
  onChange(v: string | null): void;
}) {
  const [choices, setChoices] = useState<{ value: string; label: string }[] | null>(null);
  useEffect(() => {
    projectChoices().then(setChoices, (error: unknown) => void showApiError(error));
  }, []);
  return (
    <Select
      label="Project"
      placeholder={choices === null ? 'Loading projects…' : 'No project'}
      data={choices ?? []}
      value={value}
      onChange={onChange}
      clearable
      searchable
      w={240}
    />
  );
}

/**
 * Import BSX batch (docs/bricksyncer.md): step 1 reads the chosen file in the browser and looks
 * its lots up in the catalog (Convert to BC); step 2 shows them to confirm and edit row by row,
 * with the batch's name, comments and optional project, then Create batch, which goes to the sync
 * batch overview.
 */
export default function ImportBsxPage() {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [lines, setLines] = useState<ImportLine[] | null>(null);
  const [name, setName] = useState('');
  const [comments, setComments] = useState('');
  const [project, setProject] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);

  async function convert() {
    if (!file) return notifyError(M.noFile);
    setBusy(true);
    try {
      const items = (await readBsxBlob(file)).items.map(newItemFromLot);
      const found = await convertLots(items);
      setLines(items.map((item, i) => ({ key: i, item, found: found[i] })));
      setName(file.name.replace(/\.bsx$/i, ''));
      setPage(1);
    } catch (error) {
      if (error instanceof BsxFormatError) notifyError(`Error: ${error.message}`);
      else await showApiError(error);
    } finally {
      setBusy(false);
    }
  }

  async function create(all: ImportLine[]) {
    const items = all.map((l) => l.item);
    const problems = [
      ...(name.trim() === '' ? [M.nameEmpty] : []),
      ...(items.length === 0 ? [M.noItems] : []),
      ...checkNewBatchItems(items),
      ...all.filter((l) => !l.found.found).map((l) => M.notInCatalog(lotLabel(l.item))),
    ];
    if (problems.length > 0) return notifyError(errorAlert(problems));
    setBusy(true);
    try {
      const project_id = project === null ? null : Number(project);
      await createSyncBatch({ name: name.trim(), comments, project_id, items });
      void navigate('/bricksyncer/add_items');
    } catch (error) {
      const refused = await formProblems(error);
      if (refused) notifyError(errorAlert(refused));
      else await showApiError(error);
    } finally {
      setBusy(false);
    }
  }

  if (lines === null) {
    return (
      <Stack maw={520}>
        <Title order={2}>Import BSX batch</Title>
        <Text>Step 1: choose a BrickStore (BSX) file.</Text>
        <FileInput
          label="BSX file"
          placeholder="Choose a file"
          accept=".bsx,.xml"
          value={file}
          onChange={setFile}
          clearable
        />
        <Group>
          <Button onClick={() => void convert()} loading={busy}>
            Convert to BC
          </Button>
        </Group>
      </Stack>
    );
  }

  const pages = Math.max(1, Math.ceil(lines.length / PER_PAGE));
  const first = (page - 1) * PER_PAGE;
  const update = (i: number, change: ImportLine | null) =>
    setLines(lines.flatMap((l, j) => (j !== i ? [l] : change ? [change] : [])));
  return (
    <Stack>
      <Title order={2}>Import BSX batch</Title>
      <Text>
        Step 2: check the {lines.length} lots, edit them row by row, then create the batch.
      </Text>
      <Group align="flex-end">
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Textarea
          label="Comments"
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
          w={360}
        />
        <ProjectChoice value={project} onChange={setProject} />
      </Group>
      <Table.ScrollContainer minWidth={1000}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>BrickLink id</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Colour</Table.Th>
              <Table.Th>Condition</Table.Th>
              <Table.Th>Completeness</Table.Th>
              <Table.Th>Quantity</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>Notes (public, private)</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.slice(first, first + PER_PAGE).map((line, k) => (
              <ImportRow
                key={line.key}
                line={line}
                index={first + k}
                onApply={(item) => update(first + k, { ...line, item })}
                onRemove={() => update(first + k, null)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
      <Group>
        <Button variant="default" onClick={() => setLines(null)} disabled={busy}>
          Back
        </Button>
        <Button onClick={() => void create(lines)} loading={busy}>
          Create batch
        </Button>
      </Group>
    </Stack>
  );
}
