/**
 * What the server tells about its HTTPS: the device setup page and the PWA's warning read it
 * through `app.tls()`, which main.ts answers from the live certificate (it changes on renewal).
 */
export interface TlsInfo {
  /**
   * Where the HTTPS certificate comes from: `own-ca` (this server's own certificate authority in
   * DATA_DIR/tls), `files` (the company's TLS_CERT/TLS_KEY) or `off` (this server speaks plain
   * HTTP only: a proxy in front ends TLS, or HTTPS_PORT=off).
   */
  source: 'own-ca' | 'files' | 'off';
  /** The port this server answers HTTPS on; null when `off`. */
  httpsPort: number | null;
  /** The plain-HTTP port (PORT). */
  httpPort: number;
  /** Host names and addresses the certificate is valid for (own CA: the machine's names and LAN addresses). */
  hosts: string[];
  /** The certificate authority devices install to trust the server (PEM); own CA only. */
  caCertPem: string | null;
  /** SHA-256 fingerprint of the CA certificate, colon-separated hex, to compare on a device. */
  caFingerprint: string | null;
  /** When the server's certificate expires (ISO time); null when `off`. */
  expiresAt: string | null;
}

export function plainHttpOnly(httpPort: number): TlsInfo {
  return {
    source: 'off',
    httpsPort: null,
    httpPort,
    hosts: [],
    caCertPem: null,
    caFingerprint: null,
    expiresAt: null,
  };
}
