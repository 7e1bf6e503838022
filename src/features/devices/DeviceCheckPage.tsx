import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconHelpCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { askToKeepData } from '../../offline/deviceStorage';
import {
  askForCamera,
  checkCamera,
  checkDatabase,
  checkKept,
  checkSecure,
  checkServer,
  checkSpace,
  checkWorker,
  type CheckResult,
} from './checks';

/** The checks in the order shown, each with its name. */
export const CHECK_NAMES = {
  secure: 'Secure address',
  worker: 'App stored on this device',
  kept: 'Work kept on this device',
  space: 'Free space',
  camera: 'Camera',
  database: 'Saving on this device',
  server: 'Server',
} as const;
type CheckName = keyof typeof CHECK_NAMES;
type Results = Partial<Record<CheckName, CheckResult>>;

const ICONS = {
  pass: <IconCircleCheck size={26} color="var(--mantine-color-green-7)" aria-label="OK" />,
  fail: <IconCircleX size={26} color="var(--mantine-color-red-7)" aria-label="Not OK" />,
  unknown: <IconHelpCircle size={26} color="var(--mantine-color-orange-7)" aria-label="Unknown" />,
};

function Check({
  name,
  result,
  action,
}: {
  name: CheckName;
  result: CheckResult | undefined;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" data-testid={`check-${name}`} data-state={result?.state ?? 'running'}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {result ? ICONS[result.state] : <Loader size={22} aria-label="Checking" />}
        <Stack gap={2} miw={0}>
          <Text fw={700}>{CHECK_NAMES[name]}</Text>
          {result && <Text size="sm">{result.text}</Text>}
          {result?.todo && (
            <Text size="sm" c="gray.8">
              {linkify(result.todo)}
            </Text>
          )}
          {action}
        </Stack>
      </Group>
    </Paper>
  );
}

/** An https address in a to-do becomes a link. */
function linkify(text: string): ReactNode {
  const match = /https:\/\/\S+?(?=,|\s|$)/.exec(text);
  if (!match) return text;
  return (
    <>
      {text.slice(0, match.index)}
      <Anchor href={match[0]} c="blue.8">
        {match[0]}
      </Anchor>
      {text.slice(match.index + match[0].length)}
    </>
  );
}

/**
 * Check this device (/device-check, everyone signed in; docs/offline.md): whether this phone or
 * scanner can keep working without Wi-Fi on this address, each check a tick or a cross with what
 * to do.
 */
export default function DeviceCheckPage() {
  const [results, setResults] = useState<Results>({});
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const set = useCallback(
    (name: CheckName, result: CheckResult) => setResults((r) => ({ ...r, [name]: result })),
    [],
  );

  useEffect(() => {
    let live = true;
    const put = (name: CheckName) => (result: CheckResult) => live && set(name, result);
    setResults({});
    void checkServer().then(({ result, answer }) => {
      if (!live) return;
      const httpsUrl = answer?.httpsUrl ?? null;
      set('server', result);
      set('secure', checkSecure(httpsUrl));
      set('worker', checkWorker(httpsUrl));
    });
    void checkKept().then(put('kept'), () => put('kept')(unknownResult));
    void checkSpace().then(put('space'), () => put('space')(unknownResult));
    void checkCamera().then(put('camera'), () => put('camera')(unknownResult));
    void checkDatabase().then(put('database'));
    return () => {
      live = false;
    };
  }, [round, set]);

  async function keepData() {
    setBusy(true);
    await askToKeepData();
    set('kept', await checkKept());
    setBusy(false);
  }

  async function allowCamera() {
    setBusy(true);
    const granted = await askForCamera();
    const result = await checkCamera();
    set(
      'camera',
      granted && result.state !== 'pass'
        ? { state: 'pass', text: 'The app may use the camera.' }
        : result,
    );
    setBusy(false);
  }

  return (
    <Stack gap="sm" maw={640}>
      <Title order={2}>Check this device</Title>
      <Text size="sm">
        Whether this phone or scanner can keep working when the Wi-Fi drops out.
      </Text>
      <Check name="secure" result={results.secure} />
      <Check name="worker" result={results.worker} />
      <Check
        name="kept"
        result={results.kept}
        action={
          results.kept?.state === 'fail' && (
            <Button
              size="sm"
              variant="default"
              mt={4}
              disabled={busy}
              onClick={() => void keepData()}
            >
              Keep data on this device
            </Button>
          )
        }
      />
      <Check name="space" result={results.space} />
      <Check
        name="camera"
        result={results.camera}
        action={
          results.camera?.state === 'unknown' && (
            <Button
              size="sm"
              variant="default"
              mt={4}
              disabled={busy}
              onClick={() => void allowCamera()}
            >
              Allow the camera
            </Button>
          )
        }
      />
      <Check name="database" result={results.database} />
      <Check name="server" result={results.server} />
      <Group>
        <Button color="blue.8" onClick={() => setRound((n) => n + 1)}>
          Check again
        </Button>
      </Group>
    </Stack>
  );
}

const unknownResult: CheckResult = { state: 'unknown', text: 'This browser does not tell.' };
