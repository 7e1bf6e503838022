import {
  Button,
  Group,
  Image,
  Loader,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CatalogType, MouldRef } from '../../../contract/catalog-modal';
import { showApiError } from '../../ui/notify';
import { NO_IMAGE } from '../../ui/noImage';
import { fetchMoulds, fetchTypes } from '../catalog-modal/api';

/** Bricks: the type a tray's mould is most often of. */
const DEFAULT_TYPE = '2';
/** Moulds listed per search. */
const SHOWN = 30;
/** Typing pauses this long before the search is sent. */
const TYPING_MS = 250;

/**
 * The mould picker: a type and a search by name, BrickLink or Rebrickable number; a click on a
 * mould hands its id back (the cell then takes it through the normal edit path).
 */
export function MouldPickerModal(props: {
  opened: boolean;
  title?: string;
  onClose: () => void;
  onPick: (mould: MouldRef) => void;
}) {
  const [types, setTypes] = useState<CatalogType[]>([]);
  const [type, setType] = useState<string>(DEFAULT_TYPE);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<{ count: number; results: MouldRef[] } | null>(null);

  useEffect(() => {
    if (!props.opened || types.length) return;
    fetchTypes()
      .then((t) => setTypes(t.results))
      .catch(showApiError);
  }, [props.opened, types.length]);

  useEffect(() => {
    if (!props.opened) return;
    const text = search.trim();
    if (text === '') return setFound(null);
    let live = true;
    const timer = setTimeout(() => {
      fetchMoulds({ type: Number(type), search: text, page: 0, size: SHOWN })
        .then((page) => live && setFound(page))
        .catch(showApiError);
    }, TYPING_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [props.opened, type, search]);

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title ?? 'Pick a mould'}
      size="lg"
    >
      <Stack gap="sm">
        <Group grow align="flex-end">
          <Select
            label="Type"
            data={types.map((t) => ({ value: String(t.id), label: t.name }))}
            value={type}
            allowDeselect={false}
            onChange={(v) => v && setType(v)}
          />
          <TextInput
            label="Search moulds"
            placeholder="Name, BrickLink or Rebrickable number"
            value={search}
            data-autofocus
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        </Group>
        {search.trim() === '' ? (
          <Text size="sm" c="dimmed">
            Type a name or a number to find a mould.
          </Text>
        ) : found === null ? (
          <Loader size="sm" />
        ) : found.results.length === 0 ? (
          <Text size="sm">No mould matches.</Text>
        ) : (
          <ScrollArea.Autosize mah={380}>
            <Stack gap={2} role="listbox" aria-label="Moulds">
              {found.results.map((m) => (
                <UnstyledButton
                  key={m.id}
                  role="option"
                  aria-selected={false}
                  aria-label={`${m.name} (${m.id})`}
                  onClick={() => props.onPick(m)}
                  p={4}
                  style={{ borderRadius: 4 }}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Image
                      src={m.image_url || NO_IMAGE}
                      fallbackSrc={NO_IMAGE}
                      w={40}
                      h={40}
                      fit="contain"
                      alt=""
                    />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" truncate>
                        {m.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Mould {m.id}
                        {m.bl_mold_id ? ` · BrickLink ${m.bl_mold_id}` : ''}
                      </Text>
                    </div>
                  </Group>
                </UnstyledButton>
              ))}
              {found.count > found.results.length && (
                <Text size="xs" c="dimmed">
                  {found.count - found.results.length} more: type more of the name to narrow the
                  list.
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
