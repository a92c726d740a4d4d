import { Plural, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { MeasureRoundEntry } from '../../../schemas/api';
import { isInvertedAxis, plottedCount, type SeriesPoint } from '../../domain/analysis';
import { formatNumber } from '../../domain/locale-format';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useReadingZone } from '../../app/reading-zone';
import { Button } from '../../ui/Button';
import { useDarkMode } from './use-dark-mode';

/** uPlot and its stylesheet are fetched with the first chart, so they stay out of the first screen's bundle. */
async function loadUPlot(): Promise<typeof uPlot> {
  const [mod] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
  return mod.default;
}

type Entry = Pick<
  MeasureRoundEntry,
  'tsId' | 'tsName' | 'tsParameter' | 'tsUnit' | 'tsPlausibilityCheck' | 'staName' | 'staNumber'
>;

/** x in seconds shared by both series; the history and the open round's values each fill their own column. */
function alignedData(history: readonly SeriesPoint[], drafts: readonly SeriesPoint[]): uPlot.AlignedData {
  const rows = [...history.map((p) => ({ p, draft: false })), ...drafts.map((p) => ({ p, draft: true }))]
    .map((r) => ({ t: Date.parse(r.p.dt) / 1000, v: r.p.value, draft: r.draft }))
    .filter((r) => Number.isFinite(r.t))
    .sort((a, b) => a.t - b.t);
  return [rows.map((r) => r.t), rows.map((r) => (r.draft ? null : r.v)), rows.map((r) => (r.draft ? r.v : null))];
}

/** Paints the plausibility range (tsPlausibilityCheck) behind the lines. */
function bandPlugin(min: number | undefined, max: number | undefined, fill: string): uPlot.Plugin {
  return {
    hooks: {
      drawClear: (u) => {
        if (min === undefined && max === undefined) return;
        const { left, top, width, height } = u.bbox;
        const lo = min === undefined ? undefined : u.valToPos(min, 'y', true);
        const hi = max === undefined ? undefined : u.valToPos(max, 'y', true);
        // with an inverted axis the larger value sits lower: sort the two edges instead of assuming
        const a = Math.max(top, Math.min(lo ?? top + height, hi ?? top, top + height));
        const b = Math.min(top + height, Math.max(lo ?? top + height, hi ?? top, top));
        if (b <= a) return;
        u.ctx.save();
        u.ctx.fillStyle = fill;
        u.ctx.fillRect(left, a, width, b - a);
        u.ctx.restore();
      },
    },
  };
}

/**
 * One timeseries: its history as a line, the open round's values as dots, the plausibility range as a
 * band. Drag to zoom, double-click or "reset" to see everything, the buttons pan. §9: parameters
 * starting with W are drawn on an inverted axis.
 */
export function TimeseriesChart({
  entry,
  history,
  drafts,
  height = 220,
}: {
  entry: Entry;
  history: readonly SeriesPoint[];
  drafts: readonly SeriesPoint[];
  height?: number;
}) {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const dark = useDarkMode();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  // the chart is built once per look (theme, axis, zone) and fed new values in place: rebuilding it whenever the
  // history or the open round's values arrive threw away the user's zoom and the point under their pointer
  const latest = useRef<uPlot.AlignedData | null>(null);
  // a zoom or pan of the user's own survives new values; "Show all" and a double-click give it up
  const userZoomed = useRef(false);
  const [failed, setFailed] = useState(false);
  const inverted = isInvertedAxis(entry.tsParameter);
  const data = useMemo(() => alignedData(history, drafts), [history, drafts]);
  const count = plottedCount(history) + plottedCount(drafts);
  const { min, max } = entry.tsPlausibilityCheck ?? {};
  const labels = useMemo(() => ({ time: t`Time`, history: t`History`, round: t`Open round` }), [t]);
  const locale = fmt.locale;
  // the zone every other screen shows times in: §5 MEZ mode's UTC+1 all year, else the stations' wall clock
  const zone = useReadingZone();

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    // uPlot's double-click shows everything again
    const showAll = () => {
      userZoomed.current = false;
    };
    void loadUPlot().then(
      (UPlot) => {
        if (cancelled) return;
        const ink = dark ? '#cbd5e1' : '#334155';
        const grid = dark ? 'rgba(148,163,184,0.18)' : 'rgba(51,65,85,0.12)';
        const dayFmt = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale === 'it' ? 'it-IT' : 'de-AT', {
          day: '2-digit',
          month: '2-digit',
          timeZone: zone,
        });
        const axis = { stroke: ink, grid: { stroke: grid }, ticks: { stroke: grid } };
        const u = new UPlot(
          {
            width: Math.max(280, el.clientWidth),
            height,
            scales: { x: { time: true }, y: { dir: inverted ? -1 : 1 } },
            axes: [
              { ...axis, values: (_u, splits) => splits.map((s) => dayFmt.format(new Date(s * 1000))) },
              { ...axis, size: 64, values: (_u, splits) => splits.map((s) => formatNumber(s, locale)) },
            ],
            series: [
              {
                label: labels.time,
                value: (_u, v) =>
                  v === null
                    ? '–'
                    : new Date(v * 1000).toLocaleString(locale, {
                        timeZone: zone,
                        dateStyle: 'short',
                        timeStyle: 'short',
                      }),
              },
              {
                label: labels.history,
                stroke: dark ? '#38bdf8' : '#0369a1',
                width: 2,
                spanGaps: true,
                points: { size: 5 },
                value: (_u, v) => formatNumber(v, locale),
              },
              {
                label: labels.round,
                stroke: dark ? '#fbbf24' : '#b45309',
                width: 0,
                paths: () => null,
                points: { show: true, size: 9, fill: dark ? '#fbbf24' : '#b45309' },
                value: (_u, v) => formatNumber(v, locale),
              },
            ],
            cursor: { drag: { x: true, y: false, setScale: true } },
            hooks: {
              setSelect: [
                (u) => {
                  if (u.select.width > 0) userZoomed.current = true;
                },
              ],
            },
            plugins: [bandPlugin(min, max, dark ? 'rgba(34,197,94,0.16)' : 'rgba(34,197,94,0.14)')],
          },
          latest.current ?? [[]],
          el,
        );
        chart.current = u;
        observer = new ResizeObserver(() => u.setSize({ width: Math.max(280, el.clientWidth), height }));
        observer.observe(el);
        el.addEventListener('dblclick', showAll);
      },
      (e: unknown) => {
        console.error('loading the chart library failed', e);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      el.removeEventListener('dblclick', showAll);
      chart.current?.destroy();
      chart.current = null;
    };
  }, [dark, inverted, min, max, height, labels, locale, zone]);

  useEffect(() => {
    // the values of the last commit, never of a render React threw away: a chart built later starts from them
    latest.current = data;
    // before uPlot has loaded there is no chart yet: it starts from `latest`
    const u = chart.current;
    if (!u) return;
    const { min, max } = u.scales.x ?? {};
    if (!userZoomed.current || min === undefined || max === undefined || min === null || max === null) {
      u.setData(data);
      return;
    }
    // uPlot draws nothing after setData without rescaling: setting the user's window again is what redraws
    u.setData(data, false);
    u.setScale('x', { min, max });
  }, [data]);

  const pan = (direction: -1 | 1) => {
    const u = chart.current;
    const lo = u?.scales.x?.min;
    const hi = u?.scales.x?.max;
    if (!u || lo === undefined || hi === undefined || lo === null || hi === null) return;
    const step = (hi - lo) / 4;
    userZoomed.current = true;
    u.setScale('x', { min: lo + direction * step, max: hi + direction * step });
  };
  const zoom = (factor: number) => {
    const u = chart.current;
    const lo = u?.scales.x?.min;
    const hi = u?.scales.x?.max;
    if (!u || lo === undefined || hi === undefined || lo === null || hi === null) return;
    const mid = (lo + hi) / 2;
    const half = ((hi - lo) / 2) * factor;
    userZoomed.current = true;
    u.setScale('x', { min: mid - half, max: mid + half });
  };
  const reset = () => {
    const u = chart.current;
    const xs = data[0];
    if (!u || xs.length === 0) return;
    userZoomed.current = false;
    u.setScale('x', { min: xs[0] ?? 0, max: xs[xs.length - 1] ?? 0 });
  };

  const series = `${entry.tsName ?? entry.tsParameter ?? entry.tsId}${entry.tsUnit ? ` [${entry.tsUnit}]` : ''}`;
  const title = entry.staName ? `${entry.staName} (${entry.staNumber}) · ${series}` : series;
  return (
    <figure
      className="rounded border border-slate-300 bg-white p-2 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      data-testid="ts-chart"
      data-ts-id={entry.tsId}
      data-points={count}
      data-inverted={inverted ? 'true' : 'false'}
    >
      <figcaption className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{title}</span>
        {inverted && <span className="rounded bg-slate-200 px-1 text-xs dark:bg-slate-700">{t`inverted axis`}</span>}
        <span className="text-sm text-slate-600 dark:text-slate-400">
          <Plural value={count} one="# value" other="# values" />
        </span>
        <span className="ml-auto flex gap-1" role="group" aria-label={t`Zoom and pan ${title}`}>
          <Button variant="secondary" className="px-2" onClick={() => pan(-1)} aria-label={t`Earlier`}>
            ←
          </Button>
          <Button variant="secondary" className="px-2" onClick={() => zoom(0.5)} aria-label={t`Zoom in`}>
            +
          </Button>
          <Button variant="secondary" className="px-2" onClick={() => zoom(2)} aria-label={t`Zoom out`}>
            −
          </Button>
          <Button variant="secondary" className="px-2" onClick={reset}>
            {t`Show all`}
          </Button>
          <Button variant="secondary" className="px-2" onClick={() => pan(1)} aria-label={t`Later`}>
            →
          </Button>
        </span>
      </figcaption>
      {failed ? (
        <p role="alert">{t`The chart could not be drawn.`}</p>
      ) : (
        <div ref={box} className="analysis-chart w-full" />
      )}
      {(min !== undefined || max !== undefined) && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t`Plausible range (green band): ${fmt.number(min)} … ${fmt.number(max)}`}
        </p>
      )}
    </figure>
  );
}
