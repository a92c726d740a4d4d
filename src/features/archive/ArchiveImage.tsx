import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useReplication } from '../../app/replication';
import { archiveImageWidth } from '../../domain/archive-image-request';

/**
 * Widest an archive image is shown (CSS px: 96 px high, up to 5:3); the server scales it down to that times the
 * device's pixel ratio (X-Image-Width), so a round of photos loads fast and stays sharp on a high-density screen.
 */
const SHOWN_WIDTH = 160;

/**
 * A photo of a completed round, fetched with the user's credentials into a blob URL (an <img src> to the API
 * would carry no token). §8: a failed load shows the broken-image placeholder.
 */
export function ArchiveImage({ instanceId, imageId }: { instanceId: string; imageId: string }) {
  const { t } = useLingui();
  const replication = useReplication();
  const [src, setSrc] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    let url: string | undefined;
    let live = true;
    setBroken(false);
    replication
      .completedRoundImage(instanceId, imageId, archiveImageWidth(SHOWN_WIDTH, window.devicePixelRatio))
      .then((blob) => {
        url = URL.createObjectURL(blob);
        if (live) setSrc(url);
        else URL.revokeObjectURL(url);
      })
      .catch(() => live && setBroken(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [replication, instanceId, imageId]);
  if (broken) {
    return (
      <span
        role="img"
        aria-label={t`Image could not be loaded`}
        data-testid="broken-image"
        className="inline-flex h-24 w-32 items-center justify-center rounded border border-dashed border-red-500 text-3xl text-red-700 dark:text-red-300"
      >
        ⊘
      </span>
    );
  }
  if (!src)
    return (
      <span
        role="status"
        aria-label={t`Loading image`}
        className="inline-block h-24 w-32 animate-pulse rounded bg-slate-200 dark:bg-slate-800"
      />
    );
  return (
    <img
      src={src}
      alt={t`Photo ${imageId}`}
      data-testid="archive-image"
      onError={() => setBroken(true)}
      className="h-24 w-auto rounded border border-slate-300 dark:border-slate-700"
    />
  );
}
