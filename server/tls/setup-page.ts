// The page a new device opens over plain HTTP before it trusts the server: it downloads the
// server's certificate authority, says how to install it, and goes on to the secure address by
// itself as soon as the device trusts it (a script tries the HTTPS address and forwards on
// success; it tries again whenever the page comes back into view, e.g. from the phone's settings).
import { randomBytes } from 'node:crypto';
import type { TlsInfo } from './info';

export interface SetupPageInput {
  info: TlsInfo;
  /** The host the device used to reach us (no port). */
  host: string;
  /** The secure address for that host, e.g. https://192.168.1.20:8443 (no trailing slash). */
  httpsOrigin: string;
  /** Where to go on the secure address (a path of the app, default /). */
  next: string;
  /** True when the certificate holds this host; else the page names the hosts it holds. */
  hostCovered: boolean;
}

function escape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A string as a script literal, `<` escaped so no text in it can end the script element. */
function scriptString(text: string): string {
  return JSON.stringify(text).replace(/</g, '\\u003c');
}

/** A path of this app to go on to: only a local absolute path, never another site. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  return next.slice(0, 2000);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem;color:#1a1b1e}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.5rem}
a.button{display:inline-block;background:#1864ab;color:#fff;padding:.75rem 1.25rem;border-radius:.5rem;text-decoration:none;font-weight:600;min-height:1.5rem}
.status{padding:.75rem;border-radius:.5rem;background:#fff3bf}.ok{background:#d3f9d8}
code{word-break:break-all;font-size:.85rem}li{margin:.25rem 0}`;

export function setupPage(input: SetupPageInput): { html: string; nonce: string } {
  const { info, httpsOrigin } = input;
  const nonce = randomBytes(16).toString('base64');
  const target = `${httpsOrigin}${input.next}`;
  const ownCa = info.source === 'own-ca';
  const hostNote = input.hostCovered
    ? ''
    : `<p class="status">This address (${escape(input.host)}) is not in the server's certificate, so the secure address will not open. Use one of: ${info.hosts
        .map(escape)
        .join(', ')}, or ask your manager to add it (TLS_HOSTS).</p>`;
  const steps = ownCa
    ? `<h2>1. Trust this server (once per device)</h2>
<p><a class="button" href="/setup/ca.crt" download="brick-warehouse-ca.crt">Download the certificate</a></p>
<p>Its fingerprint (SHA-256) must match the one on the manager's “Set up devices” page:<br><code>${escape(info.caFingerprint ?? '')}</code></p>
<ul>
<li><b>Android phones and scanners:</b> Settings › Security › Encryption &amp; credentials › Install a certificate › CA certificate, then choose the downloaded file.</li>
<li><b>iPhone, iPad:</b> open this page in Safari and download; Settings › Profile Downloaded › Install; then Settings › General › About › Certificate Trust Settings and turn on full trust for “Brick Warehouse local CA”.</li>
<li><b>Desktops:</b> Windows: open the file › Install Certificate › Local Machine › Trusted Root Certification Authorities. macOS: open it in Keychain Access, then Always Trust. Linux Chrome/Chromium: Settings › Privacy and security › Security › Manage certificates › Authorities › Import.</li>
</ul>
<h2>2. Open the app</h2>`
    : `<h2>Open the app</h2>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Set up this device · Brick Warehouse</title><style>${STYLE}</style></head>
<body><main>
<h1>Set up this device for Brick Warehouse</h1>
<p>The app keeps working without Wi-Fi only at its secure address (https). ${ownCa ? 'This device has to trust the server first.' : ''}</p>
${hostNote}
${steps}
<p><a class="button" href="${escape(target)}">Open ${escape(httpsOrigin)}</a></p>
<p id="status" class="status" role="status">Checking whether this device trusts the server…</p>
</main>
<script nonce="${nonce}">
(function () {
  var target = ${scriptString(target)};
  var probe = ${scriptString(`${httpsOrigin}/api/health`)};
  var status = document.getElementById('status');
  function check() {
    fetch(probe, { mode: 'no-cors', cache: 'no-store' }).then(function () {
      status.textContent = 'This device trusts the server. Opening the app…';
      status.className = 'status ok';
      location.replace(target);
    }, function () {
      status.textContent = ${scriptString(
        ownCa
          ? 'This device does not trust the server yet: install the certificate (step 1), then come back to this page.'
          : 'The secure address does not answer yet. Ask your manager.',
      )};
    });
  }
  check();
  document.addEventListener('visibilitychange', function () { if (!document.hidden) check(); });
})();
</script>
</body></html>`;
  return { html, nonce };
}
