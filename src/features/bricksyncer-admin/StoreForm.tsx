import { Button, Group, PasswordInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  checkStore,
  CREDENTIAL_FIELDS,
  StoreAttributesIn,
  StorePlatform,
  type StoreResource,
} from '../../../contract/bricksyncer';
import { CurrencyMessages, DEFAULT_CURRENCY } from '../../../contract/fields';
import { notifyError, showApiError } from '../../ui/notify';
import { formProblems } from '../../api/errors';

interface Props {
  title: string;
  /** The store being edited; its credentials show masked and an empty field keeps the stored one. */
  store?: StoreResource;
  save(attributes: StoreAttributesIn): Promise<void>;
}

/**
 * The store form: name, platform, external id, the currency the store sells in (its ISO code, EUR
 * for a new store) and the chosen platform's credentials.
 */
export function StoreForm({ title, store, save }: Props) {
  const a = store?.attributes;
  const [name, setName] = useState(a?.name ?? '');
  const [platform, setPlatform] = useState<string>(a?.platform ?? 'BRICKLINK');
  const [externalId, setExternalId] = useState(a?.external_id ?? '');
  const [currency, setCurrency] = useState(a?.currency ?? DEFAULT_CURRENCY);
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const chosen = StorePlatform.safeParse(platform).data ?? 'BRICKLINK';
  const keepsStored = a?.platform === chosen;

  async function submit() {
    // Only the chosen platform's credentials are sent.
    const sent = Object.fromEntries(
      CREDENTIAL_FIELDS[chosen].map((f) => [f.key, credentials[f.key] ?? '']),
    );
    const code = StoreAttributesIn.shape.currency.safeParse(currency);
    if (!code.success || !code.data) {
      setProblems([CurrencyMessages.code]);
      notifyError(`Error: ${CurrencyMessages.code}`);
      return;
    }
    const attributes = {
      name,
      platform: chosen,
      external_id: externalId,
      credentials: sent,
      currency: code.data,
    };
    const kept = keepsStored ? a.credentials : {};
    const checked = checkStore(attributes, kept);
    if (!checked.ok) {
      setProblems(checked.problems);
      notifyError(`Error: ${checked.problems.join('\n')}`);
      return;
    }
    setBusy(true);
    try {
      await save(attributes);
    } catch (error) {
      const refused = await formProblems(error);
      if (refused) setProblems(refused);
      await showApiError(error);
      setBusy(false);
    }
  }

  const problemFor = (label: string) => problems.find((p) => p.startsWith(label));
  return (
    <Stack maw={480}>
      <Title order={2}>{title}</Title>
      <TextInput
        label="Name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={problemFor('Name')}
      />
      <Select
        label="Platform"
        data={StorePlatform.options}
        value={chosen}
        onChange={(v) => v && setPlatform(v)}
        allowDeselect={false}
      />
      <TextInput
        label="External id"
        value={externalId}
        onChange={(e) => setExternalId(e.currentTarget.value)}
        error={problemFor('External id')}
      />
      <TextInput
        label="Currency"
        description="The ISO code of the currency the store sells in on the marketplace (EUR, USD, GBP, …): sync batches in another currency are not uploaded to it"
        maw={120}
        maxLength={3}
        value={currency}
        onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())}
        error={problemFor('A currency')}
      />
      {CREDENTIAL_FIELDS[chosen].map((f) => (
        <PasswordInput
          key={f.key}
          label={f.label}
          autoComplete="off"
          placeholder={keepsStored ? a.credentials[f.key] : undefined}
          description={
            keepsStored && a.credentials[f.key] ? 'Leave empty to keep the stored value' : undefined
          }
          value={credentials[f.key] ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setCredentials((c) => ({ ...c, [f.key]: value }));
          }}
          error={problemFor(f.label)}
        />
      ))}
      <Group>
        <Button loading={busy} onClick={() => void submit()}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
