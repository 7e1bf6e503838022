/** Opening and releasing the rear camera, and its torch. */

export const CAMERA_TEXTS = {
  denied:
    'Camera access was denied. Allow the camera for this site in the browser settings, or type the code.',
  noCamera: 'No camera was found on this device. Type the code instead.',
  insecure: 'The camera is only available over a secure (https) connection. Type the code instead.',
  busy: 'The camera is in use by another app. Close it and try again, or type the code.',
  failed: 'The camera could not be started. Type the code instead.',
} as const;

/** Opens the rear camera (falls back to any camera where there is no rear one). */
export async function openRearCamera(): Promise<MediaStream> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.getUserMedia) {
    throw new CameraError(
      typeof window !== 'undefined' && window.isSecureContext === false
        ? CAMERA_TEXTS.insecure
        : CAMERA_TEXTS.noCamera,
    );
  }
  try {
    return await media.getUserMedia({
      audio: false,
      video: {
        facingMode: { ideal: 'environment' },
        width: { ideal: 1280 },
        height: { ideal: 720 },
      },
    });
  } catch (error) {
    throw new CameraError(cameraErrorText(error), error);
  }
}

export class CameraError extends Error {
  constructor(
    message: string,
    readonly reason?: unknown,
  ) {
    super(message);
    this.name = 'CameraError';
  }
}

/** The text shown for a failed getUserMedia. */
export function cameraErrorText(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return CAMERA_TEXTS.denied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return CAMERA_TEXTS.noCamera;
    case 'NotReadableError':
    case 'TrackStartError':
      return CAMERA_TEXTS.busy;
    default:
      return CAMERA_TEXTS.failed;
  }
}

/** Stops every track so the camera light goes off and other apps may use it. */
export function releaseStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}

type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };

/** The video track when it can switch its torch on, else null. */
export function torchTrack(stream: MediaStream): MediaStreamTrack | null {
  const track = stream.getVideoTracks()[0];
  if (!track || typeof track.getCapabilities !== 'function') return null;
  try {
    return (track.getCapabilities() as TorchCapabilities).torch ? track : null;
  } catch {
    return null;
  }
}

export async function setTorch(track: MediaStreamTrack, on: boolean): Promise<void> {
  await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}
