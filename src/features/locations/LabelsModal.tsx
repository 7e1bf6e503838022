import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError, showApiError } from '../../ui/notify';
import { fetchLabels, type LabelLayout } from './api';

/**
 * Print labels for one location or its whole subtree. The label page needs the bearer token, so
 * it is fetched with the API client and opened in a new window from a blob URL (the window is
 * opened at the click, so popup blockers let it through).
 */
export default function LabelsModal({
  locationId,
  name,
  onClose,
}: {
  locationId: number;
  name: string;
  onClose: () => void;
}) {
  const [scope, setScope] = useState<'node' | 'subtree'>('subtree');
  const [layout, setLayout] = useState<LabelLayout>('sheet');
  const [busy, setBusy] = useState(false);

  async function open() {
    const win = window.open('', '_blank');
    if (win) win.document.title = 'Labels';
    setBusy(true);
    try {
      const html = await fetchLabels(locationId, scope === 'subtree', layout);
      const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
      if (win) win.location.href = url;
      else notifyError('The label page was blocked: allow pop-ups for this site and try again.');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      onClose();
    } catch (error) {
      win?.close();
      await showApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Print labels: ${name}`}>
      <Stack>
        <Radio.Group label="Locations" value={scope} onChange={(v) => setScope(v as typeof scope)}>
          <Stack gap={6} mt={6}>
            <Radio value="node" label="This location" />
            <Radio value="subtree" label="This location and everything inside it" />
          </Stack>
        </Radio.Group>
        <Radio.Group label="Layout" value={layout} onChange={(v) => setLayout(v as LabelLayout)}>
          <Stack gap={6} mt={6}>
            <Radio value="sheet" label="Label sheet (A4, 3 × 8 labels)" />
            <Radio value="roll" label="Label printer (one label per page)" />
          </Stack>
        </Radio.Group>
        <Text size="xs" c="dimmed">
          The labels open in a new window, ready to print.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void open()} loading={busy}>
            Open labels
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
