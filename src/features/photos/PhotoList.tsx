import { useLingui } from '@lingui/react/macro';
import { memo, useEffect, useState } from 'react';
import type { RxDocument } from 'rxdb';
import type { PhotoDoc } from '../../../schemas/db/photo-doc';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';

function Thumbnail({
  photo,
  onDelete,
  disabled,
}: {
  photo: RxDocument<PhotoDoc>;
  onDelete: () => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const [url, setUrl] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    let revoked = false;
    let objectUrl: string | null = null;
    void photo
      .getAttachment('image')
      ?.getData()
      .then((blob) => {
        if (revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setBroken(true));
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [photo]);
  return (
    <span className="relative inline-block">
      {url && !broken ? (
        <img
          src={url}
          alt={t`Photo of ${photo.staNumber} ${photo.tsParameter}`}
          onError={() => setBroken(true)}
          className="size-12 rounded object-cover"
        />
      ) : (
        <span
          className="inline-flex size-12 items-center justify-center rounded bg-slate-200 text-xs dark:bg-slate-700"
          role="img"
          aria-label={t`Image could not be loaded`}
        >
          ⚠
        </span>
      )}
      <button
        type="button"
        disabled={disabled}
        onClick={onDelete}
        aria-label={t`Delete photo of ${photo.staNumber} ${photo.tsParameter}`}
        className="absolute -right-2 -top-2 size-6 rounded-full bg-red-700 text-xs text-white"
      >
        ×
      </button>
    </span>
  );
}

/** The photos of one entry in an instance, with delete after a confirmation prompt (§8). */
export const PhotoList = memo(function PhotoList({
  instanceId,
  tsId,
  disabled,
}: {
  instanceId: string | undefined;
  tsId: string;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const db = useDb();
  const photos = useObservable(
    () => (instanceId ? db.photos.find({ selector: { instanceId, tsId } }).$ : undefined),
    [],
    [db, instanceId, tsId],
  );
  if (photos.length === 0) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-3">
      {photos.map((p) => (
        <Thumbnail
          key={p.id}
          photo={p}
          disabled={disabled || p.uploaded}
          onDelete={() => {
            if (window.confirm(t`Delete this photo?`)) void p.remove();
          }}
        />
      ))}
    </span>
  );
});
