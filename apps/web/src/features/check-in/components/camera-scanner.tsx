import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import type QrScanner from 'qr-scanner';
import { createRepeatFilter } from '../lib/repeat-filter';
import { primeFeedback } from '../lib/feedback';
import { tc } from '../i18n';

type Status = 'off' | 'starting' | 'on';
type Camera = { id: string; label: string };

type Props = {
  /** A decoded code, repeats already suppressed (SCAN_REPEAT_IGNORE_MS). */
  onScan: (code: string) => void;
  /** The camera runs (the station then stops pulling the focus to the code field). */
  onActiveChange: (active: boolean) => void;
  /** Changes with the session: a badge already seen must count again in the new session. */
  scopeKey: string;
  /** Start the camera on opening (the kiosk), instead of waiting for Start Camera. */
  autoStart?: boolean;
};

function cameraError(err: unknown): string {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  const text = typeof err === 'string' ? err : err instanceof Error ? err.message : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return tc('camera.denied');
  if (name === 'NotFoundError' || /camera not found/i.test(text)) return tc('camera.noCamera');
  return tc('camera.failed');
}

/**
 * The camera scanner: `qr-scanner` (decoding in a Web Worker, or the browser's BarcodeDetector)
 * is downloaded only when the camera starts. Rear camera first; a list to switch cameras; the torch
 * where the camera has one. Decoding runs continuously; the same code is ignored while it stays in
 * view (see lib/repeat-filter).
 */
export function CameraScanner({ onScan, onActiveChange, scopeKey, autoStart = false }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<QrScanner | null>(null);
  const filter = useRef(createRepeatFilter());
  const latestOnScan = useRef(onScan);
  const [status, setStatus] = useState<Status>('off');
  const [error, setError] = useState<string | null>(null);
  const [cameras, setCameras] = useState<Camera[]>([]);
  const [cameraId, setCameraId] = useState<string | null>(null);
  const [hasFlash, setHasFlash] = useState(false);
  const [flashOn, setFlashOn] = useState(false);

  useEffect(() => {
    latestOnScan.current = onScan;
  });

  useEffect(() => {
    filter.current.clear();
  }, [scopeKey]);

  useEffect(
    () => () => {
      scanner.current?.destroy();
      scanner.current = null;
    },
    [],
  );

  const readCapabilities = async (instance: QrScanner, Scanner: typeof QrScanner) => {
    const [list, flash] = await Promise.all([
      Scanner.listCameras(true).catch(() => []),
      instance.hasFlash().catch(() => false),
    ]);
    if (scanner.current !== instance) return;
    setCameras(list.map((c, i) => ({ id: c.id, label: c.label || `${tc('camera.choose')} ${i + 1}` })));
    setHasFlash(flash);
    setFlashOn(instance.isFlashOn());
  };

  const start = async () => {
    const element = video.current;
    if (!element || status !== 'off') return;
    primeFeedback();
    setError(null);
    setStatus('starting');
    try {
      const { default: Scanner } = await import('qr-scanner');
      const instance = new Scanner(
        element,
        (result) => {
          if (!filter.current.accept(result.data, Date.now())) return;
          // A User Timing mark (DevTools, bench:station): when the decoder handed over a new code.
          performance.mark('attend:qr-decoded');
          latestOnScan.current(result.data);
        },
        {
          preferredCamera: cameraId ?? 'environment',
          // A code is read within 40 ms of coming into view (at 10 a second it waited 50 ms on
          // average, up to 100); decoding runs in a Web Worker, off the page's thread.
          maxScansPerSecond: 25,
          returnDetailedScanResult: true,
          highlightScanRegion: false,
          highlightCodeOutline: false,
          // "No QR code found" on every frame without a code: not an error worth showing.
          onDecodeError: () => undefined,
        },
      );
      scanner.current = instance;
      await instance.start();
      // Stop Camera pressed while it was starting: this camera is already let go.
      if (scanner.current !== instance) {
        instance.destroy();
        return;
      }
      setStatus('on');
      onActiveChange(true);
      await readCapabilities(instance, Scanner);
    } catch (err) {
      scanner.current?.destroy();
      scanner.current = null;
      setStatus('off');
      setError(cameraError(err));
    }
  };

  const stop = () => {
    scanner.current?.destroy();
    scanner.current = null;
    setStatus('off');
    setFlashOn(false);
    onActiveChange(false);
  };

  const switchCamera = async (id: string | null) => {
    if (!id) return;
    setCameraId(id);
    const instance = scanner.current;
    if (!instance) return;
    try {
      await instance.setCamera(id);
      const flash = await instance.hasFlash().catch(() => false);
      if (scanner.current !== instance) return;
      setHasFlash(flash);
      setFlashOn(instance.isFlashOn());
    } catch (err) {
      setError(cameraError(err));
    }
  };

  const toggleFlash = async () => {
    const instance = scanner.current;
    if (!instance) return;
    try {
      await instance.toggleFlash();
    } finally {
      setFlashOn(instance.isFlashOn());
    }
  };

  const started = useRef(false);
  useEffect(() => {
    if (!autoStart || started.current) return;
    started.current = true;
    void start();
  });

  const running = status !== 'off';
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        {running ? (
          <Button variant="default" size="md" onClick={stop}>
            {tc('camera.stop')}
          </Button>
        ) : (
          <Button size="md" onClick={() => void start()}>
            {tc('camera.start')}
          </Button>
        )}
        {status === 'on' && cameras.length > 1 && (
          <Select
            aria-label={tc('camera.choose')}
            data={cameras.map((c) => ({ value: c.id, label: c.label }))}
            value={cameraId}
            placeholder={tc('camera.choose')}
            onChange={(id) => void switchCamera(id)}
            allowDeselect={false}
            w={260}
          />
        )}
        {status === 'on' && hasFlash && (
          <Button variant="default" size="md" onClick={() => void toggleFlash()} aria-pressed={flashOn}>
            {flashOn ? tc('camera.torchOff') : tc('camera.torchOn')}
          </Button>
        )}
      </Group>
      {status === 'starting' && (
        <Text size="sm" c="dimmed" role="status">
          {tc('camera.starting')}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          <Text c="red.9" size="sm" fw={500}>
            {error}
          </Text>
        </Alert>
      )}
      <video
        ref={video}
        aria-label={tc('camera.video')}
        muted
        playsInline
        data-testid="camera-video"
        style={{
          display: running ? 'block' : 'none',
          width: '100%',
          // Room above the fold for the session, the buttons and the result beside or under it.
          maxHeight: '40vh',
          objectFit: 'cover',
          background: 'var(--mantine-color-dark-7)',
          borderRadius: 'var(--mantine-radius-md)',
        }}
      />
      {status === 'on' && (
        <Text size="sm" c="dimmed">
          {tc('camera.hint')}
        </Text>
      )}
    </Stack>
  );
}
