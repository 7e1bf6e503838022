import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useState } from 'react';
import type { DeviceSetupAnswer } from '../../../contract/device-setup';
import { localDate } from '../../ui/format';
import { LoadingLine } from '../../ui/LoadingLine';
import { showApiError } from '../../ui/notify';
import { useLoad } from '../../ui/useLoad';
import { fetchDeviceSetup } from './api';
import { QrCode } from './QrCode';
import { COMPANY_CERT_STEPS, OWN_CA_STEPS, SetupSteps } from './SetupSteps';

/** Certificates closer than this to their end are shown as ending soon. */
const SOON_MS = 30 * 86_400_000;

export const DeviceSetupTexts = {
  title: 'Set up devices',
  trust: '1. Trust this server',
  open: '2. Open the app',
  openOnly: 'Open the app',
  httpsOff:
    'HTTPS is off on this server: phones and scanners can open the app, but they cannot keep working without Wi-Fi, scan with the camera or keep unsent work safe. Ask whoever runs the server to turn HTTPS on.',
  loopbackOnly:
    'This address only works on the server’s own machine: choose another address for phones and scanners.',
} as const;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The setup page on the same host as the HTTPS address, when the server has one for it. */
function setupUrlFor(setup: DeviceSetupAnswer, httpsUrl: string): string | null {
  const host = new URL(httpsUrl).hostname;
  return setup.setupUrls.find((u) => new URL(u).hostname === host) ?? null;
}

/**
 * The server renews a certificate of its own CA 60 days before it ends, without a restart; a
 * company certificate (TLS_CERT) is the company's to replace, and the server takes the new files
 * as they change.
 */
function Expiry({ expiresAt, ownCa }: { expiresAt: string; ownCa: boolean }) {
  const soon = Date.parse(expiresAt) - Date.now() < SOON_MS;
  const what = ownCa
    ? ': it ends soon and the server has not renewed it; see the server’s log.'
    : ': it ends soon; put the renewed certificate in TLS_CERT and TLS_KEY (the server takes it without a restart).';
  return (
    <Text size="sm" c={soon ? 'orange.9' : undefined}>
      The server’s certificate is valid until {localDate(expiresAt)}
      {soon ? what : '.'}
    </Text>
  );
}

function CaFacts({ setup }: { setup: DeviceSetupAnswer }) {
  if (!setup.caCertificateUrl) return null;
  return (
    <Paper withBorder p="sm">
      <Stack gap={6}>
        <Title order={3} size="h5">
          The server’s certificate authority
        </Title>
        <Group gap="sm">
          <Button component="a" href={setup.caCertificateUrl} download variant="default">
            Download the certificate
          </Button>
        </Group>
        {setup.caFingerprint && (
          <Text size="sm">
            SHA-256 fingerprint, to compare with what a device shows:{' '}
            <Code style={{ wordBreak: 'break-all' }} data-testid="ca-fingerprint">
              {setup.caFingerprint}
            </Code>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Codes({ setup }: { setup: DeviceSetupAnswer }) {
  const [chosen, setChosen] = useState<string | null>(setup.httpsUrls[0] ?? null);
  const httpsUrl = chosen ?? setup.httpsUrls[0];
  const ownCa = setup.source === 'own-ca';
  const setupUrl = ownCa ? setupUrlFor(setup, httpsUrl) : null;
  return (
    <Stack gap="md">
      {setup.httpsUrls.length > 1 && (
        <Select
          label="Address the devices use (the one the warehouse Wi-Fi reaches)"
          data={setup.httpsUrls.map((u) => ({ value: u, label: hostOf(u) }))}
          value={httpsUrl}
          onChange={(value) => value && setChosen(value)}
          allowDeselect={false}
          maw={420}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: ownCa ? 2 : 1 }} maw={ownCa ? 760 : 380}>
        {ownCa && (
          <Paper withBorder p="md">
            <Stack gap="xs" align="center">
              <Title order={3} size="h4">
                {DeviceSetupTexts.trust}
              </Title>
              {setupUrl ? (
                <>
                  <Text size="sm" ta="center">
                    Opens the page where a device downloads the server’s certificate.
                  </Text>
                  <QrCode text={setupUrl} label={DeviceSetupTexts.trust} />
                </>
              ) : (
                <Text size="sm">{DeviceSetupTexts.loopbackOnly}</Text>
              )}
            </Stack>
          </Paper>
        )}
        <Paper withBorder p="md">
          <Stack gap="xs" align="center">
            <Title order={3} size="h4">
              {ownCa ? DeviceSetupTexts.open : DeviceSetupTexts.openOnly}
            </Title>
            <Text size="sm" ta="center">
              {ownCa ? 'Once the device trusts the server: opens the app.' : 'Opens the app.'}
            </Text>
            <QrCode
              text={httpsUrl}
              label={ownCa ? DeviceSetupTexts.open : DeviceSetupTexts.openOnly}
            />
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

function Setup({ setup }: { setup: DeviceSetupAnswer }) {
  if (setup.httpsUrls.length === 0) {
    return (
      <Alert
        color="orange"
        variant="outline"
        title={
          <Text fw={700} c="dark.9">
            HTTPS is off
          </Text>
        }
      >
        {DeviceSetupTexts.httpsOff}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Codes setup={setup} />
      <CaFacts setup={setup} />
      {setup.expiresAt && (
        <Expiry expiresAt={setup.expiresAt} ownCa={setup.caCertificateUrl !== null} />
      )}
      <SetupSteps steps={setup.source === 'own-ca' ? OWN_CA_STEPS : COMPANY_CERT_STEPS} />
    </Stack>
  );
}

/**
 * Set up devices (/devices, admin and warehouse manager; docs/offline.md): QR codes that take a
 * phone or scanner to the page where it trusts the server, then to the app over HTTPS, with the
 * certificate authority's download and fingerprint and the steps per kind of device.
 */
export default function DeviceSetupPage() {
  const load = useCallback(() => fetchDeviceSetup(), []);
  const { result, reload } = useLoad(load, showApiError);
  return (
    <Stack gap="md">
      <Title order={2}>{DeviceSetupTexts.title}</Title>
      <Text size="sm" maw={760}>
        Phones and scanners keep working without Wi-Fi only when they open the app over HTTPS. Set
        each one up once.
      </Text>
      {result.state === 'loading' && <LoadingLine what="the server’s addresses" />}
      {(result.state === 'offline' || result.state === 'failed') && (
        <Alert color="orange" title={result.state === 'offline' ? 'Offline' : 'Not loaded'}>
          {result.state === 'offline'
            ? 'The device setup needs the network.'
            : 'The server’s addresses could not be loaded.'}
          <Button mt="sm" variant="default" display="block" onClick={reload}>
            Try again
          </Button>
        </Alert>
      )}
      {result.state === 'loaded' && <Setup setup={result.data} />}
    </Stack>
  );
}
