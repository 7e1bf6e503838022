import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconBolt, IconBoltOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { normalizeCode } from '../normalize';
import { createFrameDecoder } from './decoders';
import { createDuplicateFilter } from './duplicates';
import {
  CAMERA_TEXTS,
  CameraError,
  openRearCamera,
  releaseStream,
  setTorch,
  torchTrack,
} from './media';

/** Time between two looks at the video (ms). */
export const FRAME_INTERVAL_MS = 150;
/** The same code seen again within this time is not a new read (ms). */
export const DUPLICATE_WINDOW_MS = 1500;

type CameraViewProps = {
  /** Called with each accepted (normalized, de-duplicated) code. */
  onCode: (code: string) => void;
};

/** The live camera picture, reading QR and Code 128 labels until it unmounts. */
export function CameraView({ onCode }: CameraViewProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [torch, setTorchTrack] = useState<MediaStreamTrack | null>(null);
  const [torchOn, setTorchOn] = useState(false);

  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const video = videoRef.current;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const duplicates = createDuplicateFilter(DUPLICATE_WINDOW_MS);
    // Load the decoder while the user answers the permission prompt.
    const decoderReady = createFrameDecoder();
    decoderReady.catch(() => {});

    const start = async () => {
      const opened = await openRearCamera();
      if (stopped || !video) {
        releaseStream(opened);
        return;
      }
      stream = opened;
      video.srcObject = opened;
      await Promise.resolve(video.play()).catch(() => {});
      if (stopped) return;
      setTorchTrack(torchTrack(opened));
      const decoder = await decoderReady;
      if (stopped) return;
      setScanning(true);
      const look = async () => {
        if (stopped) return;
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const [first] = await decoder.decode(video).catch(() => [] as string[]);
          const code = first ? normalizeCode(first) : '';
          if (code && !stopped && duplicates.accept(code)) {
            // The screen's verdict beeps (the scan service): right code or not.
            onCodeRef.current(code);
          }
        }
        if (!stopped) timer = setTimeout(() => void look(), FRAME_INTERVAL_MS);
      };
      void look();
    };
    start().catch((reason: unknown) => {
      if (!stopped) setError(reason instanceof CameraError ? reason.message : CAMERA_TEXTS.failed);
    });

    return () => {
      stopped = true;
      clearTimeout(timer);
      releaseStream(stream);
      if (video) video.srcObject = null;
    };
  }, []);

  const toggleTorch = () => {
    if (!torch) return;
    const next = !torchOn;
    setTorch(torch, next).then(
      () => setTorchOn(next),
      () => setTorchTrack(null),
    );
  };

  if (error) {
    return (
      <Alert color="red" title="Camera unavailable">
        {error}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <video
        ref={videoRef}
        data-testid="camera-video"
        muted
        playsInline
        autoPlay
        style={{ width: '100%', maxHeight: '60vh', background: '#000', borderRadius: 4 }}
      />
      <Group justify="space-between">
        {scanning ? (
          <Text size="sm" c="dimmed">
            Point the camera at the label
          </Text>
        ) : (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Starting the camera…
            </Text>
          </Group>
        )}
        {torch && (
          <Button
            variant="default"
            size="xs"
            leftSection={torchOn ? <IconBoltOff size={16} /> : <IconBolt size={16} />}
            onClick={toggleTorch}
          >
            {torchOn ? 'Torch off' : 'Torch on'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export type CameraScannerProps = CameraViewProps & {
  opened: boolean;
  onClose: () => void;
  /** Close after the first accepted code (default true). */
  closeOnRead?: boolean;
  title?: string;
};

/** The camera in a modal. The camera runs only while open and is released when it closes. */
export function CameraScanner({
  opened,
  onClose,
  onCode,
  closeOnRead = true,
  title = 'Scan with the camera',
}: CameraScannerProps) {
  const handleCode = (code: string) => {
    onCode(code);
    if (closeOnRead) onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      {opened && <CameraView onCode={handleCode} />}
    </Modal>
  );
}
