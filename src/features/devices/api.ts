import type { ConnectionAnswer, DeviceSetupAnswer } from '../../../contract/device-setup';
import { api, apiBase } from '../../api/client';

/** The device setup's calls (docs/offline.md, "Devices on the warehouse Wi-Fi"). */

export function fetchDeviceSetup(): Promise<DeviceSetupAnswer> {
  return api.get('device-setup').json();
}

/**
 * Whether this page reached the server securely, and the app's HTTPS address for this device.
 * A plain fetch: the route is public, and the device check times it.
 */
export async function fetchConnection(signal?: AbortSignal): Promise<ConnectionAnswer> {
  const res = await fetch(`${apiBase}/connection`, { cache: 'no-store', signal });
  if (!res.ok) throw new Error(`The server answered ${res.status}.`);
  return (await res.json()) as ConnectionAnswer;
}
