import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { matchBarcode, type BarcodeMatch } from '../../domain';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { useNativeCapture } from '../photos/resize-photo';
import { barcodeReader } from './barcode-reader';
import { useBarcodeCamera, type CameraState } from './use-barcode-camera';
import type { Tour } from './use-tour';

/** A phone photo has 12 MP and more; a label stays readable at this size and zxing reads it many times faster. */
const PHOTO_MAX_SIDE = 2400;

type Notice =
  { kind: 'no-match'; code: string } | { kind: 'no-code' } | { kind: 'reading' } | { kind: 'error'; text: string };

/** The image of a photo, scaled down so its longer side is at most PHOTO_MAX_SIDE. */
async function photoBitmap(file: Blob): Promise<ImageBitmap> {
  const full = await createImageBitmap(file);
  const scale = PHOTO_MAX_SIDE / Math.max(full.width, full.height);
  if (scale >= 1) return full;
  const small = await createImageBitmap(full, {
    resizeWidth: Math.round(full.width * scale),
    resizeHeight: Math.round(full.height * scale),
    resizeQuality: 'high',
  });
  full.close();
  return small;
}

/**
 * barcode view (§2 mobile): a station's or timeseries' label read by the camera, from a photo or typed, and
 * the matching entry opened in the input view. A code of no entry is named and the scanner stays open.
 */
export default function TourBarcode({
  tour,
  onFound,
}: {
  tour: Tour;
  onFound: (staNumber: string, tsId?: string) => void;
}) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const manualId = useId();
  const [manual, setManual] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  // the entries in round order, as the stations are listed (the first of several with one code wins)
  const entries = useMemo(() => tour.stations.flatMap((s) => s.entries), [tour.stations]);

  const open = useCallback(
    (match: BarcodeMatch): boolean => {
      if (match.kind === 'none') {
        setNotice({ kind: 'no-match', code: match.code });
        return false;
      }
      onFound(match.staNumber, match.kind === 'timeseries' ? match.tsId : undefined);
      return true;
    },
    [onFound],
  );
  /** Several codes in one picture: the first one of this round counts, else the first one is named. */
  const openFirst = useCallback(
    (codes: string[]): boolean => {
      const matches = codes.map((c) => matchBarcode(c, entries));
      const found = matches.find((m) => m.kind !== 'none') ?? matches[0];
      if (!found) {
        setNotice({ kind: 'no-code' });
        return false;
      }
      return open(found);
    },
    [entries, open],
  );
  const camera = useBarcodeCamera(
    video,
    useCallback((code: string) => openFirst([code]), [openFirst]),
  );

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setNotice({ kind: 'reading' });
    try {
      const [reader, bitmap] = await Promise.all([barcodeReader(), photoBitmap(file)]);
      try {
        openFirst((await reader.detect(bitmap)).map((c) => c.rawValue));
      } finally {
        bitmap.close();
      }
    } catch (e) {
      console.warn('reading a barcode photo failed', e);
      setNotice({ kind: 'error', text: t`The photo could not be read. Take it again or type the code.` });
    } finally {
      if (photoInput.current) photoInput.current.value = '';
    }
  };

  const onManual = (e: FormEvent) => {
    e.preventDefault();
    if (manual.trim() === '') return;
    open(matchBarcode(manual, entries));
  };

  const scanning = camera.state === 'scanning' || camera.state === 'starting';
  return (
    <div className="space-y-4" data-testid="tour-barcode">
      <h2 className="text-xl font-bold">
        <Trans>Scan barcode</Trans>
      </h2>
      <div aria-live="polite">
        {notice?.kind === 'no-match' && <NoMatch code={notice.code} />}
        {notice?.kind === 'no-code' && (
          <Alert type="warning" testId="barcode-no-code">
            <Trans>No barcode found in the photo. Take it again closer and sharper, or type the code.</Trans>
          </Alert>
        )}
        {notice?.kind === 'error' && (
          <Alert type="danger" testId="barcode-error">
            {notice.text}
          </Alert>
        )}
        {notice?.kind === 'reading' && (
          <p role="status" className="py-2">
            <Trans>Reading the photo…</Trans>
          </p>
        )}
      </div>

      <ScanSection id="barcode-camera-heading" title={<Trans>Camera</Trans>}>
        <div
          className={`relative overflow-hidden rounded border-2 border-slate-900 bg-black dark:border-slate-300 ${scanning ? '' : 'hidden'}`}
        >
          <video
            ref={video}
            muted
            playsInline
            aria-label={t`Camera picture`}
            className="max-h-[50vh] w-full object-cover"
            data-testid="barcode-video"
          />
          {/* a frame to aim the label at; the whole picture is read */}
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-[10%] inset-y-[30%] rounded border-4 border-amber-400"
          />
        </div>
        {camera.state === 'starting' && (
          <p role="status">
            <Trans>Starting the camera…</Trans>
          </p>
        )}
        {camera.state === 'scanning' && (
          <p role="status" data-testid="barcode-scanning">
            <Trans>Hold the label inside the frame.</Trans>
          </p>
        )}
        <CameraProblem state={camera.state} />
        {scanning ? (
          <Button variant="secondary" className="min-h-14 w-full text-lg" onClick={camera.stop}>
            <Trans>Stop camera</Trans>
          </Button>
        ) : (
          <Button className="min-h-14 w-full text-lg" onClick={camera.start}>
            <Trans>Scan with the camera</Trans>
          </Button>
        )}
      </ScanSection>

      <ScanSection id="barcode-photo-heading" title={<Trans>Photo</Trans>}>
        <label className="flex min-h-14 w-full cursor-pointer items-center justify-center gap-2 rounded border-2 border-slate-500 bg-white px-4 text-lg font-semibold text-slate-900 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-amber-500 hover:bg-slate-100 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700">
          <Icon name="camera" className="size-6" />
          <Trans>Read the barcode from a photo</Trans>
          <input
            ref={photoInput}
            type="file"
            accept="image/*"
            capture={useNativeCapture(navigator.userAgent) ? 'environment' : undefined}
            onChange={(e) => void onPhoto(e.target.files?.[0])}
            className="sr-only"
            data-testid="barcode-photo"
          />
        </label>
      </ScanSection>

      <ScanSection id="barcode-manual-heading" title={<Trans>Type the code</Trans>}>
        <form onSubmit={onManual} className="flex gap-2">
          <label htmlFor={manualId} className="sr-only">
            <Trans>Barcode</Trans>
          </label>
          <input
            id={manualId}
            value={manual}
            onChange={(e) => setManual(e.target.value)}
            autoCapitalize="off"
            autoCorrect="off"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            className="min-h-14 min-w-0 flex-1 rounded border-2 border-slate-500 bg-white px-3 text-lg text-slate-900 focus-visible:outline-3 focus-visible:outline-amber-500 dark:bg-slate-900 dark:text-slate-100"
          />
          <Button type="submit" className="min-h-14 text-lg">
            <Trans>Find</Trans>
          </Button>
        </form>
      </ScanSection>
    </div>
  );
}

/** One way to find an entry (camera, photo, typed), under its own heading. */
function ScanSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function NoMatch({ code }: { code: string }) {
  return (
    <Alert type="warning" testId="barcode-no-match">
      <Trans>No timeseries and no station of this round has the barcode “{code}”.</Trans>
    </Alert>
  );
}

/** Why the camera is not scanning, with the way on: the photo and typing stay below. */
function CameraProblem({ state }: { state: CameraState }) {
  if (state === 'refused') {
    return (
      <Alert type="warning" testId="barcode-camera-refused">
        <Trans>
          The camera may not be used: access was refused. Allow it in the browser's site settings, or read the barcode
          from a photo or type it below.
        </Trans>
      </Alert>
    );
  }
  if (state === 'no-camera') {
    return (
      <Alert type="warning" testId="barcode-no-camera">
        <Trans>This device has no camera the app can use. Read the barcode from a photo or type it below.</Trans>
      </Alert>
    );
  }
  if (state === 'busy') {
    return (
      <Alert type="warning" testId="barcode-camera-busy">
        <Trans>
          The camera is in use by another app. Close it and try again, or read the barcode from a photo or type it
          below.
        </Trans>
      </Alert>
    );
  }
  if (state === 'failed') {
    return (
      <Alert type="danger" testId="barcode-camera-failed">
        <Trans>The barcode reader could not be started. Type the code below.</Trans>
      </Alert>
    );
  }
  return null;
}
