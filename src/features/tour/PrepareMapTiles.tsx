import { appBase } from '../../app/base-url';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Location, MapLayer } from '../../../schemas/api';
import * as v from 'valibot';
import { map } from 'rxjs';
import { MapTilesRecordSchema, type MapTilesRecord } from '../../../schemas/db/map-tiles-record';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { estimateTileBytes, layerTemplate, planRoundTiles } from '../../domain';
import { useObservable } from '../../db/hooks';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { downloadTiles, type TileFailure, type TileProgress } from './tile-download';

/** Megabytes with one decimal in the UI language (0,4 MB / 0.4 MB); a few kB show as 0,1, nothing as 0. */
export function useMegabytes(): (bytes: number) => string {
  const fmt = useLocaleFormat();
  return (bytes) => fmt.number(bytes <= 0 ? 0 : Math.max(0.1, Math.round(bytes / 100_000) / 10));
}

/** What this layer's tiles prepared for any round on this device took, for a better size estimate. */
function useStoredBefore(template: string): { stored: number; bytes: number }[] {
  const db = useDb();
  return useObservable(
    () =>
      // a key range, not `$regex: '^mapTiles:'`: RxDB answers a regex by reading every reference document, among
      // them every stored round's whole snapshot
      db.reference.find({ selector: { key: { $gte: 'mapTiles:', $lt: 'mapTiles;' } } }).$.pipe(
        map((docs) =>
          docs.flatMap((d) => {
            const r = v.safeParse(MapTilesRecordSchema, d.data);
            return r.success && r.output.layerUrl === template ? [r.output] : [];
          }),
        ),
      ),
    [],
    [db, template],
  );
}

function FailureText({ failure }: { failure: TileFailure }) {
  switch (failure.kind) {
    case 'offline':
      return (
        <Trans>
          The device is offline or the tile server cannot be reached. The tiles stored so far are kept; try again with
          network.
        </Trans>
      );
    case 'http':
      return <Trans>The tile server refused a tile (HTTP {failure.status}). The tiles stored so far are kept.</Trans>;
    case 'quota':
      return <Trans>The device has no more room for map tiles. Free some storage and try again.</Trans>;
    case 'cancelled':
      return <Trans>Cancelled. The tiles stored so far are kept; preparing again fetches only the missing ones.</Trans>;
    case 'no-cache':
      return <Trans>This browser cannot store map tiles (no Cache Storage).</Trans>;
  }
}

/**
 * "Prepare map for offline" for one stored round: the default layer's tiles around its stations, with the
 * count and an estimated size before starting, a progress bar and cancel while downloading.
 */
export function PrepareMapTiles({
  instanceId,
  layer,
  points,
  record,
  label,
}: {
  instanceId: string;
  layer: MapLayer;
  points: readonly Location[];
  record: MapTilesRecord | undefined;
  label: string;
}) {
  const { t } = useLingui();
  const db = useDb();
  const fmt = useLocaleFormat();
  const mb = useMegabytes();
  const template = layerTemplate(layer, appBase());
  const plan = useMemo(() => planRoundTiles(layer, points), [layer, points]);
  const storedBefore = useStoredBefore(template);
  const [progress, setProgress] = useState<TileProgress | null>(null);
  const [result, setResult] = useState<{ failure: TileFailure | null; progress: TileProgress | null } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  if (!plan || plan.tiles.length === 0) return null;
  const running = progress !== null;
  const complete =
    record !== undefined &&
    record.layerUrl === template &&
    record.stored >= record.total &&
    record.total === plan.tiles.length;

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setResult(null);
    setProgress({ done: 0, total: plan.tiles.length, stored: 0, bytes: 0 });
    let last: TileProgress | null = null;
    const failure = await downloadTiles(
      db,
      instanceId,
      { template, bounds: plan.bounds, minZoom: plan.minZoom, maxZoom: plan.maxZoom, tiles: plan.tiles },
      controller.signal,
      (p) => {
        last = p;
        setProgress(p);
      },
    );
    abort.current = null;
    setProgress(null);
    setResult({ failure, progress: last });
  };

  const count = fmt.number(plan.tiles.length);
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <div className="mt-1 space-y-1" data-testid="prepare-tiles">
      {!running && !complete && (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => void start()} aria-label={t`Prepare map for offline: ${label}`}>
            <Trans>Prepare map for offline</Trans>
          </Button>
          <span className="text-sm" data-testid="tile-estimate">
            <Trans>
              {count} map tiles (zoom {plan.minZoom}–{plan.maxZoom}), about{' '}
              {mb(estimateTileBytes(plan.tiles.length, storedBefore))} MB
            </Trans>
          </span>
        </div>
      )}
      {plan.capped && !complete && (
        <p className="text-sm">
          <Trans>The round covers a large area: the map is prepared down to zoom {plan.maxZoom} only.</Trans>
        </p>
      )}
      {progress && (
        <div className="flex flex-wrap items-center gap-2" data-testid="tile-progress">
          <label className="flex flex-1 flex-col text-sm">
            <span>
              <Trans>
                Map tiles: {fmt.number(progress.done)} of {fmt.number(progress.total)} ({percent}&nbsp;%),{' '}
                {mb(progress.bytes)}&nbsp;MB
              </Trans>
            </span>
            <progress
              className="h-3 w-full overflow-hidden rounded [&::-moz-progress-bar]:bg-sky-700 [&::-webkit-progress-bar]:bg-slate-300 [&::-webkit-progress-value]:bg-sky-700 dark:[&::-webkit-progress-bar]:bg-slate-600 dark:[&::-webkit-progress-value]:bg-sky-400"
              max={progress.total}
              value={progress.done}
              data-percent={percent}
            />
          </label>
          <Button variant="secondary" onClick={() => abort.current?.abort()}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      )}
      {result?.failure && (
        <Alert type={result.failure.kind === 'cancelled' ? 'info' : 'danger'} testId="tile-failure">
          <FailureText failure={result.failure} />
        </Alert>
      )}
      {result && !result.failure && result.progress && (
        <Alert type="success" testId="tile-done">
          <Trans>
            Map ready for offline: {fmt.number(result.progress.stored)} tiles, {mb(result.progress.bytes)} MB.
          </Trans>
        </Alert>
      )}
    </div>
  );
}
