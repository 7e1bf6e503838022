import { Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SettingResource } from '../../../contract/bricksyncer';
import { notifySuccess, showApiError } from '../../ui/notify';
import { fetchSettings, saveSetting } from './api';

function SettingLine({ setting }: { setting: SettingResource }) {
  const [stored, setStored] = useState(setting.attributes.value);
  const [value, setValue] = useState(stored);
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      const saved = await saveSetting(setting.id, value);
      setStored(saved.attributes.value);
      notifySuccess(`${saved.attributes.key} saved`);
    } catch (error) {
      await showApiError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Table.Tr>
      <Table.Td>{setting.attributes.key}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={setting.attributes.key}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
          <Button size="xs" loading={busy} disabled={value === stored} onClick={() => void save()}>
            Save
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Settings: each key with its value, edited in place. */
export default function SettingsPage() {
  const [settings, setSettings] = useState<SettingResource[] | null>(null);
  useEffect(() => {
    fetchSettings().then(setSettings, (error: unknown) => void showApiError(error));
  }, []);
  return (
    <Stack>
      <Title order={2}>Settings</Title>
      {settings === null ? (
        <Loader />
      ) : settings.length === 0 ? (
        <Text>There are no settings.</Text>
      ) : (
        <Table striped maw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Key</Table.Th>
              <Table.Th>Value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {settings.map((s) => (
              <SettingLine key={s.id} setting={s} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
