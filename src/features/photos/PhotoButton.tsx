import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useRef, useState } from 'react';
import { Icon } from '../../ui/Icon';
import { InlineError } from '../../ui/InlineError';
import { isQuotaError } from '../../app/storage';
import { useDb } from '../../db/db-context';
import { useConfig, useReadConfig } from '../../db/reference-hooks';
import { resizePhoto, useNativeCapture } from './resize-photo';
import { addPhoto } from '../../db/photo-commands';

export interface PhotoTarget {
  instanceId: () => Promise<string>;
  mrId: string;
  tsId: string;
  staNumber: string;
  tsParameter: string;
  label: string;
}

/**
 * Adds a photo to an entry: resized in a worker, stored as an RxDB attachment before anything else.
 * `onStored` runs once the photo is stored (the tour adds the device position to the remark then).
 * Not offered when the config's postImages is false; photos stored before are still sent (never dropped).
 */
export const PhotoButton = memo(function PhotoButton({
  target,
  disabled,
  onStored,
}: {
  target: PhotoTarget;
  disabled: boolean;
  onStored?: () => void;
}) {
  const { t } = useLingui();
  const db = useDb();
  const config = useConfig();
  const offered = useReadConfig()?.postImages ?? false;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const resized = await resizePhoto(file, config.photoMaxSize).catch(() => {
        throw new Error(t`This file is not an image that can be read. Choose a JPEG, PNG or WebP photo.`);
      });
      // a new photo is an edit of the round: refused while it is on its way, a correction once the server holds it
      await addPhoto(
        db,
        await target.instanceId(),
        {
          mrId: target.mrId,
          tsId: target.tsId,
          staNumber: target.staNumber,
          tsParameter: target.tsParameter,
          width: resized.width,
          height: resized.height,
        },
        resized.blob,
        resized.thumb,
      );
      onStored?.();
    } catch (e) {
      setError(
        isQuotaError(e)
          ? t`The storage of this device is full; the photo was not saved. Submit your entries or delete old photos.`
          : e instanceof Error
            ? e.message
            : String(e),
      );
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const nativeCapture = useNativeCapture(navigator.userAgent);
  if (!offered) return null;
  return (
    <span className="inline-flex flex-col">
      <label
        className={`inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded border border-slate-400 px-2 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-amber-500 ${disabled ? 'opacity-50' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
      >
        <Icon name="camera" className="size-6" />
        <input
          ref={input}
          type="file"
          // named here rather than by hidden text in the label: one element less in each of a table's rows
          aria-label={t`Add photo: ${target.label}`}
          accept="image/*"
          capture={nativeCapture ? 'environment' : undefined}
          disabled={disabled || busy}
          onChange={(e) => void onFile(e.target.files?.[0])}
          className="sr-only"
        />
      </label>
      {busy && (
        <span role="status" className="text-xs">
          <Trans>Saving photo…</Trans>
        </span>
      )}
      {error && <InlineError>{error}</InlineError>}
    </span>
  );
});
