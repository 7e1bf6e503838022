import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  BatchTraysMessages as M,
  SET_CONDITIONS,
  type Variant,
} from '../../../contract/batch-trays';
import { eurosFromThousandths } from '../../ui/format';
import { showApiError } from '../../ui/notify';
import { createVariant, fetchVariants } from './api';
import type { Draft } from './grid-model';

/**
 * The variant of a tray: pick one of the variants of its mould, colour and condition, or create
 * a new one (public, empty notes unless given).
 */
export function VariantModal(props: {
  draft: Draft | null;
  onClose: () => void;
  onChoose: (itemId: number) => void;
}) {
  const { draft } = props;
  const [variants, setVariants] = useState<Variant[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [completeness, setCompleteness] = useState<string | null>(null);
  const [notePublic, setNotePublic] = useState('');
  const [notePrivate, setNotePrivate] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const complete =
    draft !== null &&
    draft.mold_id !== null &&
    draft.colour_id !== null &&
    draft.condition !== null;

  useEffect(() => {
    setVariants(null);
    setProblem(null);
    setChosen(draft?.item_id ? String(draft.item_id) : null);
    if (!draft || draft.mold_id === null || draft.colour_id === null || draft.condition === null)
      return;
    fetchVariants({
      mold_id: draft.mold_id,
      colour_id: draft.colour_id,
      condition: draft.condition,
    })
      .then(setVariants)
      .catch(showApiError);
  }, [draft]);

  function choose() {
    if (chosen === null) return setProblem(M.selectVariant);
    props.onChoose(Number(chosen));
  }

  async function create() {
    if (!draft || !complete) return;
    try {
      const v = await createVariant({
        mold_id: draft.mold_id!,
        colour_id: draft.colour_id!,
        condition: draft.condition!,
        completeness: (completeness as Variant['completeness']) ?? null,
        note_public: notePublic,
        note_private: notePrivate,
        is_public: isPublic ? 1 : 0,
      });
      props.onChoose(v.item_id);
    } catch (error) {
      await showApiError(error);
    }
  }

  return (
    <Modal
      opened={draft !== null}
      onClose={props.onClose}
      closeOnClickOutside={false}
      title="Variant"
    >
      {!complete ? (
        <Text>Give the tray a mould, colour and condition first.</Text>
      ) : variants === null ? (
        <Loader />
      ) : (
        <Stack>
          <Radio.Group value={chosen} onChange={setChosen} label="Existing variants">
            <Stack gap={4} mt={4}>
              {variants.length === 0 && <Text c="dimmed">There are no variants yet.</Text>}
              {variants.map((v) => (
                <Radio
                  key={v.item_id}
                  value={String(v.item_id)}
                  label={`${v.readable_id ?? 'variant without a name'} — ${v.completeness ?? 'no set condition'}, ${eurosFromThousandths(Math.round(v.price * 1000))}${v.note_public ? `, ${v.note_public}` : ''}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={choose}>Use this variant</Button>
          </Group>
          <Text fw={600}>New variant</Text>
          <Select
            label="Set condition"
            data={[...SET_CONDITIONS]}
            value={completeness}
            onChange={setCompleteness}
            clearable
          />
          <TextInput
            label="Public note"
            value={notePublic}
            onChange={(e) => setNotePublic(e.currentTarget.value)}
          />
          <TextInput
            label="Private note"
            value={notePrivate}
            onChange={(e) => setNotePrivate(e.currentTarget.value)}
          />
          <Checkbox
            label="Is public"
            checked={isPublic}
            onChange={(e) => setIsPublic(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="light" onClick={() => void create()}>
              Create variant
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
