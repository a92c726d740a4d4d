import { useLingui } from '@lingui/react/macro';
import { useReadingZone } from '../../app/reading-zone';
import { MEZ_ZONE } from '../../domain/zoned-time';

/**
 * §5 MEZ mode: in summer the times on screen are an hour behind the wall clock, so every screen with times
 * says so once, next to its heading; nothing is shown outside MEZ mode.
 */
export function MezNote() {
  const { t } = useLingui();
  if (useReadingZone() !== MEZ_ZONE) return null;
  return (
    <span
      className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 align-middle text-xs font-normal text-amber-900 dark:bg-amber-900 dark:text-amber-100"
      data-testid="mez-note"
    >
      {t`Times in MEZ (UTC+1, no summer time)`}
    </span>
  );
}
