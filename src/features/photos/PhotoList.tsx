import { useLingui } from '@lingui/react/macro';
import { memo, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { RxDocument } from 'rxdb';
import type { PhotoDoc } from '../../../schemas/db/photo-doc';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { deletePhoto, IMAGE_ATTACHMENT, THUMB_ATTACHMENT } from '../../db/photo-commands';
import { WriteErrorAlert } from '../round-entry/WriteErrorAlert';
import { NO_PHOTOS, useInstancePhotos, type EntryPhotos } from './instance-photos';

const noop = () => undefined;

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
    void (photo.getAttachment(THUMB_ATTACHMENT) ?? photo.getAttachment(IMAGE_ATTACHMENT))
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
      {/* a 44 px target (WCAG 2.5.5, gloves in the field) around the small dot on the thumbnail's corner; the
          list's gaps keep the target off the neighbouring fields */}
      <button
        type="button"
        disabled={disabled}
        onClick={onDelete}
        aria-label={t`Delete photo of ${photo.staNumber} ${photo.tsParameter}`}
        className="group absolute -top-[18px] -right-[18px] flex size-11 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-amber-500"
      >
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full border-2 border-white bg-red-700 text-sm leading-none text-white group-disabled:opacity-40 dark:border-slate-900"
        >
          ×
        </span>
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
  const shared = useInstancePhotos(instanceId);
  const own = useObservable<EntryPhotos>(
    () => (instanceId && !shared ? db.photos.find({ selector: { instanceId, tsId } }).$ : undefined),
    NO_PHOTOS,
    [db, instanceId, tsId, shared],
  );
  const subscribe = useCallback((listener: () => void) => shared?.subscribe(tsId, listener) ?? noop, [shared, tsId]);
  const fromTable = useSyncExternalStore(subscribe, () => shared?.photosOf(tsId) ?? NO_PHOTOS);
  const photos = shared ? fromTable : own;
  const [deleteError, setDeleteError] = useState<unknown>(null);
  if (photos.length === 0) return null;
  return (
    <span className="mt-5 flex flex-wrap gap-x-7 gap-y-6">
      {photos.map((p) => (
        <Thumbnail
          key={p.id}
          photo={p}
          disabled={disabled || p.uploaded}
          onDelete={() => {
            // a deletion is an edit of the round (refused while it is on its way): a failure is said here
            if (window.confirm(t`Delete this photo?`))
              void deletePhoto(db, p.id).then(
                () => setDeleteError(null),
                (e: unknown) => setDeleteError(e),
              );
          }}
        />
      ))}
      {deleteError !== null && <WriteErrorAlert error={deleteError} />}
    </span>
  );
});
