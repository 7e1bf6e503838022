import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/**
 * A QR code of `text`, drawn by bwip-js on a canvas. bwip-js is loaded with the first code shown,
 * so it never weighs on the sign-in screen or the floor.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'drawing' | 'drawn' | 'failed'>('drawing');

  useEffect(() => {
    let live = true;
    setState('drawing');
    import('bwip-js/browser')
      .then(({ default: bwipjs }) => {
        if (!live || !canvas.current) return;
        bwipjs.toCanvas(canvas.current, {
          bcid: 'qrcode',
          text,
          scale: 5,
          // The quiet zone a camera needs around the code, on white.
          padding: 4,
          backgroundcolor: 'FFFFFF',
        });
        setState('drawn');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [text]);

  return (
    <Stack gap={4} align="center">
      {state === 'drawing' && <Loader size="sm" aria-label="Drawing the QR code" />}
      {state === 'failed' && (
        <Text size="sm" c="red.8">
          The QR code could not be drawn: type the address below instead.
        </Text>
      )}
      <canvas
        ref={canvas}
        role="img"
        aria-label={`${label}: QR code of ${text}`}
        data-qr-text={text}
        style={{
          width: 200,
          maxWidth: '100%',
          imageRendering: 'pixelated',
          display: state === 'drawn' ? 'block' : 'none',
        }}
      />
      <Text size="sm" ff="monospace" ta="center" style={{ wordBreak: 'break-all' }}>
        {text}
      </Text>
    </Stack>
  );
}
