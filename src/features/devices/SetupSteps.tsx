import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The words of one device family's steps. */
interface Steps {
  title: string;
  steps: string[];
}

const CHECK = 'Then open Check this device in the app’s menu: every line should show a tick.';

/** Trusting the server's own certificate authority, then opening the app (own CA). */
export const OWN_CA_STEPS: Steps[] = [
  {
    title: 'Android phones and rugged Android scanners',
    steps: [
      'Scan code 1 with the camera and open the page. Tap Download the certificate.',
      'Open Settings › Security › Encryption & credentials › Install a certificate › CA certificate (on some devices: Settings › Security › More security settings). Tap Install anyway and choose the downloaded brick-warehouse-ca.crt.',
      'Check that the fingerprint the phone shows matches the one on this page.',
      'Scan code 2 and open the app in Chrome. Sign in, then open the menu (⋮) › Add to Home screen or Install app.',
    ],
  },
  {
    title: 'iPhone and iPad',
    steps: [
      'Scan code 1 with the camera and open the page in Safari. Tap Download the certificate and allow the download.',
      'Open Settings › Profile Downloaded › Install, and enter the device code.',
      'Open Settings › General › About › Certificate Trust Settings and switch on full trust for Brick Warehouse.',
      'Scan code 2 and open the app in Safari. Sign in, then Share › Add to Home Screen.',
    ],
  },
  {
    title: 'Desktops',
    steps: [
      'Windows: download the certificate, open it, Install Certificate › Local Machine › Place all certificates in the following store › Trusted Root Certification Authorities.',
      'macOS: download the certificate and open it: it goes into Keychain Access. Open it there › Trust › When using this certificate: Always Trust.',
      'Linux with Chromium or Chrome: Settings › Privacy and security › Security › Manage certificates › Authorities › Import, choose the certificate and tick Trust this certificate for identifying websites.',
      'Then open the HTTPS address.',
    ],
  },
];

/** The company's own certificate: devices already trust it, they only open the app. */
export const COMPANY_CERT_STEPS: Steps[] = [
  {
    title: 'Phones and scanners',
    steps: [
      'Scan the code with the camera and open the app (Chrome on Android, Safari on iPhone and iPad).',
      'Sign in, then add the app to the home screen: Chrome’s menu (⋮) › Add to Home screen, or Safari’s Share › Add to Home Screen.',
    ],
  },
];

export function SetupSteps({ steps }: { steps: Steps[] }) {
  return (
    <Stack gap="md">
      {steps.map((family) => (
        <Stack key={family.title} gap={4}>
          <Title order={3} size="h5">
            {family.title}
          </Title>
          <List type="ordered" spacing={4} size="sm">
            {family.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Stack>
      ))}
      <Text size="sm">
        {CHECK.split('Check this device')[0]}
        <Anchor component={Link} to="/device-check" c="blue.8">
          Check this device
        </Anchor>
        {CHECK.split('Check this device')[1]}
      </Text>
    </Stack>
  );
}
