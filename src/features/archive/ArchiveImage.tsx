import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useReplication } from '../../app/replication';

/** Shown width of an archive image; the server scales it down (X-Image-Width) so a round of photos loads fast. */
const WIDTH = 320;

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
      .completedRoundImage(instanceId, imageId, WIDTH)
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
      <span role="img" aria-label={t`Image could not be loaded`} data-testid="broken-image" className="inline-flex h-24 w-32 items-center justify-center rounded border border-dashed border-red-500 text-3xl text-red-700 dark:text-red-300">
        ⊘
      </span>
    );
  }
  if (!src) return <span role="status" aria-label={t`Loading image`} className="inline-block h-24 w-32 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />;
  return <img src={src} alt={t`Photo ${imageId}`} data-testid="archive-image" onError={() => setBroken(true)} className="h-24 w-auto rounded border border-slate-300 dark:border-slate-700" />;
}
