import { Anchor, Button, Group, List, NativeSelect, Progress, Stack, Text } from '@mantine/core';
import type { BsxCondition } from '../../../contract/bsx/write';
import { INVENTORY_BSX_FILE } from '../../../contract/inventory';
import { allChosen, linkText, progressPercent, type ExportState } from './exportState';

const CHOICES = [
  { value: '', label: 'Choose New or Used', disabled: true },
  { value: 'N', label: 'New' },
  { value: 'U', label: 'Used' },
];

/** The steps below the inventory table: map conditions, convert, download inventory.bsx. */
export function BsxExport({
  state,
  onChoose,
  onConvert,
}: {
  state: ExportState;
  onChoose: (conditionName: string, choice: BsxCondition) => void;
  onConvert: () => void;
}) {
  const { phase } = state;
  const converting = phase.kind === 'converting';
  const link = linkText(phase);
  return (
    <Stack gap="sm" maw={520}>
      <List type="ordered" spacing={4}>
        <List.Item>Choose for every condition whether it is exported as New or Used.</List.Item>
        <List.Item>Press Convert to BSX.</List.Item>
        <List.Item>Download the BSX file and open it in BrickStore or BrickSync.</List.Item>
      </List>
      {state.conditions.map((c) => (
        <NativeSelect
          key={c.condition_name}
          label={c.new_condition_name}
          data={CHOICES}
          value={state.choices[c.condition_name] ?? ''}
          disabled={converting}
          onChange={(e) => onChoose(c.condition_name, e.currentTarget.value as BsxCondition)}
        />
      ))}
      <Group>
        <Button onClick={onConvert} disabled={!allChosen(state) || converting}>
          Convert to BSX
        </Button>
        {link &&
          (phase.kind === 'ready' ? (
            <Anchor href={phase.url} download={INVENTORY_BSX_FILE}>
              {link}
            </Anchor>
          ) : (
            <Text span c="dimmed">
              {link}
            </Text>
          ))}
      </Group>
      {converting && (
        <Stack gap={4}>
          <Progress
            value={phase.total === 0 ? 100 : progressPercent(phase)}
            striped={phase.total === 0}
            animated={phase.total === 0}
            aria-label="Conversion progress"
          />
          <Text size="sm" c="dimmed">
            {phase.total === 0
              ? 'Reading the inventory…'
              : `${phase.done.toLocaleString('nl-NL')} of ${phase.total.toLocaleString('nl-NL')} lots written`}
          </Text>
        </Stack>
      )}
      {phase.kind === 'ready' && (
        <Text size="sm" c="dimmed">
          {phase.lots.toLocaleString('nl-NL')} lots in {INVENTORY_BSX_FILE}
        </Text>
      )}
    </Stack>
  );
}
