import { z } from 'zod';

/**
 * Setting up the warehouse's phones and scanners on the server's own address (docs/offline.md,
 * "Devices on the warehouse Wi-Fi"): where the app answers over HTTPS, where a device fetches the
 * certificate authority it must trust first, and whether the address a device uses is secure.
 */

/** Where the server's HTTPS certificate comes from (server/tls/info.ts). */
export const TlsSource = z.enum(['own-ca', 'files', 'off']);
export type TlsSource = z.infer<typeof TlsSource>;

/** GET /api/device-setup (admin, warehouse_manager). */
export const DeviceSetupAnswer = z.object({
  source: TlsSource,
  /** Addresses that open the app over HTTPS, the warehouse network's first. */
  httpsUrls: z.array(z.string()),
  /** Plain-HTTP pages (own CA only) where a device downloads the certificate authority. */
  setupUrls: z.array(z.string()),
  /** Where the certificate authority is downloaded (own CA only), relative to the server. */
  caCertificateUrl: z.string().nullable(),
  /** SHA-256 fingerprint of the certificate authority, colon-separated hex. */
  caFingerprint: z.string().nullable(),
  /** When the server's certificate expires (ISO time). */
  expiresAt: z.string().nullable(),
});
export type DeviceSetupAnswer = z.infer<typeof DeviceSetupAnswer>;

/** GET /api/connection (public): is the address this device uses secure, and where is one. */
export const ConnectionAnswer = z.object({
  /** The request reached the server over HTTPS (or through a proxy that ended HTTPS). */
  secure: z.boolean(),
  /** The app's HTTPS address for this device, when the server has one. */
  httpsUrl: z.string().nullable(),
});
export type ConnectionAnswer = z.infer<typeof ConnectionAnswer>;

/** The certificate authority's download (GET /api/device-setup/ca.crt). */
export const CA_CERTIFICATE_PATH = '/api/device-setup/ca.crt';
export const CA_CERTIFICATE_FILE = 'brick-warehouse-ca.crt';

export const DeviceSetupMessages = {
  noOwnCa: 'This server has no certificate authority of its own.',
} as const;
