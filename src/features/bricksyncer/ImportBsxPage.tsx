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
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BsxFormatError } from '../../../contract/bsx';
import {
  checkNewBatchItems,
  errorAlert,
  lotLabel,
  SyncBatchMessages as M,
  type SyncCompleteness,
  type SyncCondition,
} from '../../../contract/sync-batches';
import { notifyError, showApiError } from '../../ui/notify';
import { formProblems } from '../../api/errors';
import { projectChoices } from './api';
import {
  createInChunks,
  fileProblem,
  readAndConvert,
  type Created,
  type ImportProgress,
} from './importFlow';
import { ForAllLots, ImportProgressBar } from './ImportParts';
import { ImportRow, type ImportLine } from './ImportRow';
import { StockElsewhereNotice } from './StockElsewhereNotice';
import { TableHead } from '../../ui/TableHead';

const PER_PAGE = 50;
/** The most problems the alert lists; the rest are counted. */
const SHOWN_PROBLEMS = 30;

const alertOf = (problems: string[]) =>
  errorAlert(
    problems.length <= SHOWN_PROBLEMS
      ? problems
      : [
          ...problems.slice(0, SHOWN_PROBLEMS),
          `… and ${(problems.length - SHOWN_PROBLEMS).toLocaleString('nl-NL')} more`,
        ],
  );

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
 * its lots up in the catalog (Convert to BC); step 2 shows them to confirm and edit row by row (or
 * many at once), with the batch's name, comments and optional project, then Create batch, which
 * goes to the sync batch overview. Reading, looking up and creating show their progress; a file
 * that cannot be imported is told under the file field.
 */
export default function ImportBsxPage() {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [lines, setLines] = useState<ImportLine[] | null>(null);
  const [currency, setCurrency] = useState('EUR');
  const [name, setName] = useState('');
  const [comments, setComments] = useState('');
  const [project, setProject] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  /** A batch whose creation stopped after some chunks: Create batch goes on from there. */
  const created = useRef<Created | null>(null);

  function choose(f: File | null) {
    setFile(f);
    setFileError(fileProblem(f));
  }

  async function convert() {
    if (!file) return setFileError(M.noFile);
    const tooLarge = fileProblem(file);
    if (tooLarge) return setFileError(tooLarge);
    setBusy(true);
    setFileError(null);
    try {
      const read = await readAndConvert(file, setProgress);
      setLines(read.items.map((item, i) => ({ key: i, item, found: read.found[i] })));
      setCurrency(read.currency);
      setName(file.name.replace(/\.bsx$/i, ''));
      setPage(1);
      created.current = null;
    } catch (error) {
      if (error instanceof BsxFormatError) setFileError(error.message);
      else await showApiError(error);
    } finally {
      setBusy(false);
      setProgress(null);
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
    if (problems.length > 0) return notifyError(alertOf(problems));
    setBusy(true);
    try {
      const project_id = project === null ? null : Number(project);
      const head = { name: name.trim(), comments, project_id, currency };
      await createInChunks(head, items, setProgress, (c) => (created.current = c), created.current);
      void navigate('/bricksyncer/add_items');
    } catch (error) {
      const refused = await formProblems(error);
      if (refused) notifyError(alertOf(refused));
      else await showApiError(error);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  /** Sets a field of every line that matches, keeping the others as they are. */
  function forAll(match: (l: ImportLine) => boolean, change: Partial<ImportLine['item']>) {
    created.current = null;
    setLines(
      (ls) => ls && ls.map((l) => (match(l) ? { ...l, item: { ...l.item, ...change } } : l)),
    );
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
          onChange={choose}
          error={fileError}
          disabled={busy}
          clearable
        />
        <Group>
          <Button onClick={() => void convert()} loading={busy}>
            Convert to BC
          </Button>
        </Group>
        {progress && <ImportProgressBar progress={progress} />}
      </Stack>
    );
  }

  const pages = Math.max(1, Math.ceil(lines.length / PER_PAGE));
  const first = (page - 1) * PER_PAGE;
  const update = (i: number, change: ImportLine | null) => {
    created.current = null;
    setLines(lines.flatMap((l, j) => (j !== i ? [l] : change ? [change] : [])));
  };
  const hasSets = lines.some((l) => l.item.item_type_id === 'S');
  return (
    <Stack>
      <Title order={2}>Import BSX batch</Title>
      <Text>
        Step 2: check the {lines.length.toLocaleString('nl-NL')} lots, edit them row by row, then
        create the batch.
      </Text>
      {currency !== 'EUR' && <Text>The prices are in {currency}, as in the file.</Text>}
      <StockElsewhereNotice
        labels={lines
          .filter((l) => l.found.found && l.found.in_warehouse === 0)
          .map((l) => lotLabel({ ...l.item, colour_name: l.found.colour_name }))}
      />
      <Group align="flex-end">
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Textarea
          label="Comments"
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
          w="100%"
          maw={360}
        />
        <ProjectChoice value={project} onChange={setProject} />
      </Group>
      <ForAllLots
        showCompleteness={hasSets}
        onCondition={(condition: SyncCondition) =>
          forAll((l) => l.item.condition === null, { condition })
        }
        onCompleteness={(completeness: SyncCompleteness) =>
          forAll((l) => l.item.item_type_id === 'S' && l.item.completeness === null, {
            completeness,
          })
        }
      />
      <Table.ScrollContainer minWidth={1000}>
        <Table striped verticalSpacing="xs">
          <TableHead
            labels={[
              'BrickLink id',
              'Name',
              'Colour',
              'Condition',
              'Completeness',
              'Quantity',
              'Price',
              'Notes (public, private)',
              'Bulk, sale, tiers, stockroom',
              '',
            ]}
          />
          <Table.Tbody>
            {lines.slice(first, first + PER_PAGE).map((line, k) => (
              <ImportRow
                key={line.key}
                line={line}
                index={first + k}
                currency={currency}
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
      {progress && <ImportProgressBar progress={progress} />}
    </Stack>
  );
}
