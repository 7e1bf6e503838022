import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import {
  CatalogModalTexts as T,
  RELATION_NAMES,
  type MouldInfo,
} from '../../../contract/catalog-modal';
import { LoadState } from '../catalog/LoadState';
import { useLoad } from '../catalog/useLoad';
import { fetchMouldInfo } from './api';
import type { CatalogAddition } from './types';

type View = 'description' | 'children' | 'parents' | 'relations';
const VIEWS: { value: View; label: string }[] = [
  { value: 'description', label: T.description },
  { value: 'children', label: T.children },
  { value: 'parents', label: T.parents },
  { value: 'relations', label: T.relations },
];

interface Props {
  mouldId: number;
  /** Adding is offered only when given (the standalone page has none). */
  onAdd?: (items: CatalogAddition[]) => void;
  /** Opens another mould's info (a child, parent or relation). */
  onExplore: (id: number) => void;
}

const DESCRIPTION: [keyof MouldInfo, string][] = [
  ['type', 'Type'],
  ['bl_mold_id', 'BrickLink number'],
  ['year', 'Year'],
  ['weight', 'Weight (g)'],
  ['category', 'Category'],
  ['sub_category', 'Sub category'],
  ['theme', 'Theme'],
  ['sub_theme', 'Sub theme'],
  ['part_material', 'Material'],
  ['num_parts_set', 'Parts in set'],
  ['num_parts_fig', 'Parts in figure'],
  ['num_figs', 'Figures'],
  ['rating', 'Rating'],
];

function Description({ info }: { info: MouldInfo }) {
  const rows: [string, ReactNode][] = [];
  for (const [key, label] of DESCRIPTION) {
    const v = info[key];
    if (v !== null && v !== undefined && v !== '') rows.push([label, String(v)]);
  }
  if (info.dim_x !== null || info.dim_y !== null || info.dim_z !== null) {
    const d = [info.dim_x, info.dim_y, info.dim_z].map((v) => (v === null ? '?' : v));
    rows.push(['Dimensions (cm)', d.join(' x ')]);
  }
  for (const [k, v] of Object.entries(info.extra)) if (v !== null) rows.push([k, String(v)]);
  if (info.url) {
    rows.push([
      'BrickLink',
      <Anchor href={info.url} target="_blank" rel="noreferrer" key="bl">
        {info.url}
      </Anchor>,
    ]);
  }
  return (
    <Table aria-label={T.description} withRowBorders={false} verticalSpacing={2}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface Linked {
  id: number | null;
  name: string;
  img: string | null;
  note?: ReactNode;
}

/** Children, parents or relations: picture, name (a link to its own info) and a note. */
function LinkedList({
  rows,
  empty,
  label,
  onExplore,
}: {
  rows: Linked[];
  empty: string;
  label: string;
  onExplore: (id: number) => void;
}) {
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Table aria-label={label} verticalSpacing={2}>
      <Table.Tbody>
        {rows.map((r, i) => (
          <Table.Tr key={`${r.id ?? 'x'}-${i}`}>
            <Table.Td w={56}>
              {r.img && <Image src={r.img} alt="" w={40} h={40} fit="contain" />}
            </Table.Td>
            <Table.Td>
              {r.id !== null ? (
                <Anchor component="button" type="button" onClick={() => onExplore(r.id!)}>
                  {r.name}
                </Anchor>
              ) : (
                <Text size="sm">
                  {r.name}{' '}
                  <Text span c="dimmed" size="xs">
                    ({T.notInWarehouse})
                  </Text>
                </Text>
              )}
            </Table.Td>
            <Table.Td>{r.note}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Adds every mould of a list at once; off when the list is empty. */
function AddAllButton({
  rows,
  label,
  onAdd,
}: {
  rows: CatalogAddition[];
  label: string;
  onAdd: (rows: CatalogAddition[]) => void;
}) {
  return (
    <Button size="xs" variant="light" disabled={!rows.length} onClick={() => onAdd(rows)}>
      {label}
    </Button>
  );
}

/** A mould's catalog info: Description, inventory children and parents, other relations. */
export function ItemInfo({ mouldId, onAdd, onExplore }: Props) {
  const [view, setView] = useState<View>('description');
  const load = useCallback(() => fetchMouldInfo(mouldId), [mouldId]);
  const { result, reload } = useLoad(load);
  const pick = (
    rows: { id: number | null; name: string; img: string | null; colour_id?: number | null }[],
  ) =>
    rows.flatMap((r) =>
      r.id === null
        ? []
        : [{ mold_id: r.id, colour_id: r.colour_id ?? null, name: r.name, image_url: r.img }],
    );
  return (
    <LoadState result={result} label="Loading item" reload={reload}>
      {(info) => {
        const children = pick(info.inventory_children);
        const parents = pick(info.inventory_parents);
        const relations = pick(info.relationships);
        return (
          <Stack gap="sm">
            <Group align="flex-start" wrap="nowrap">
              {info.image && <Image src={info.image} alt={info.name} w={120} fit="contain" />}
              <Stack gap={2}>
                <Title order={4}>{info.name}</Title>
                <Text size="sm" c="dimmed">
                  ID {info.id}
                </Text>
              </Stack>
            </Group>
            <SegmentedControl
              value={view}
              onChange={(v) => setView(v as View)}
              data={VIEWS}
              aria-label="Item info"
            />
            {onAdd && (
              <Group gap="xs">
                <Button
                  size="xs"
                  onClick={() =>
                    onAdd([
                      { mold_id: info.id, colour_id: null, name: info.name, image_url: info.image },
                    ])
                  }
                >
                  {T.addItem}
                </Button>
                <AddAllButton rows={children} label={T.addAllChildren} onAdd={onAdd} />
                <AddAllButton rows={parents} label={T.addAllParents} onAdd={onAdd} />
                <AddAllButton rows={relations} label={T.addAllRelations} onAdd={onAdd} />
              </Group>
            )}
            <ScrollArea.Autosize mah={440}>
              {view === 'description' && <Description info={info} />}
              {view === 'children' && (
                <LinkedList
                  label={T.children}
                  empty={T.noChildren}
                  onExplore={onExplore}
                  rows={info.inventory_children.map((c) => ({
                    ...c,
                    note: (
                      <Group gap={6}>
                        {c.color_name && <Text size="sm">{c.color_name}</Text>}
                        <Text size="sm">
                          x{c.quantity}
                          {c.extra_quantity > 0 ? ` (+${c.extra_quantity})` : ''}
                        </Text>
                        {c.is_alternate === 1 && <Badge size="xs">Alternate</Badge>}
                      </Group>
                    ),
                  }))}
                />
              )}
              {view === 'parents' && (
                <LinkedList
                  label={T.parents}
                  empty={T.noParents}
                  onExplore={onExplore}
                  rows={info.inventory_parents}
                />
              )}
              {view === 'relations' && (
                <LinkedList
                  label={T.relations}
                  empty={T.noRelations}
                  onExplore={onExplore}
                  rows={info.relationships.map((r) => ({ ...r, note: RELATION_NAMES[r.rel_type] }))}
                />
              )}
            </ScrollArea.Autosize>
          </Stack>
        );
      }}
    </LoadState>
  );
}
