import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { requireAdmin } from '../auth/auth';
import type { ServerContext } from '../context';
import type { AppEnv } from '../http/app-env';
import { parseOr400 } from '../http/errors';
import { auditCsv, exportAudit } from '../network/audit';
import { NetworkInvalid } from '../network/format';
import { importHistory } from '../network/history';
import { networkFilesOf, readNetworkFiles } from '../network/read-files';
import { exportReadings, readingsCsv, readingsZrxp } from '../network/readings';
import { importNetwork, loadNetwork } from '../network/store';
import { writeNetworkFiles, zipNetworkFiles } from '../network/write-files';
import { parseUtcOffset } from '../network/zrxp';

const Flag = v.optional(v.picklist(['1', '0', 'true', 'false']));
const isOn = (f: string | undefined) => f === '1' || f === 'true';
const Iso = v.optional(v.pipe(v.string(), v.isoTimestamp('must be an ISO date-time with offset')));
const ReadingsQuery = v.object({
  format: v.optional(v.picklist(['csv', 'zrxp', 'json']), 'csv'),
  mrId: v.optional(v.string()),
  staNumber: v.optional(v.string()),
  tsId: v.optional(v.string()),
  tsParameter: v.optional(v.string()),
  from: Iso,
  to: Iso,
  since: Iso,
  corrected: Flag,
  csv: v.optional(v.picklist(['excel-de', 'standard'])),
  tz: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => parseUtcOffset(s) !== undefined, 'must be UTC, UTC+1, UTC-5 …'),
    ),
  ),
});

const invalid = (c: Context<AppEnv>, e: NetworkInvalid) =>
  c.json({ message: e.message, field: 'body', code: 'invalid-request', problems: e.problems }, 400);

async function upload(c: Context<AppEnv>) {
  return new Uint8Array(await c.req.arrayBuffer());
}

/**
 * The operator's calls (docs/operator.md), admins only: the station network in (with a dry run) and out,
 * historic values in, submitted readings out as CSV or ZRXP (filtered, incremental by cursor), and the
 * audit of corrections and decisions.
 */
export function adminNetworkRoutes(ctx: ServerContext) {
  const { db } = ctx;
  return new Hono<AppEnv>()
    .get('/network', async (c) => {
      requireAdmin(c.get('user'));
      const { format } = parseOr400(
        v.object({ format: v.optional(v.picklist(['zip', 'json']), 'zip') }),
        c.req.query(),
        'query',
      );
      const network = await loadNetwork(db);
      if (format === 'json') return c.json(network);
      return new Response(new Uint8Array(zipNetworkFiles(writeNetworkFiles(network))), {
        headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="network.zip"' },
      });
    })
    .post('/network', async (c) => {
      requireAdmin(c.get('user'));
      const { dryRun } = parseOr400(v.object({ dryRun: Flag }), c.req.query(), 'query');
      try {
        const files = networkFilesOf(await upload(c));
        return c.json(await importNetwork(db, readNetworkFiles(files), { dryRun: isOn(dryRun) }));
      } catch (e) {
        if (e instanceof NetworkInvalid) return invalid(c, e);
        throw e;
      }
    })
    .post('/history', async (c) => {
      requireAdmin(c.get('user'));
      const { dryRun, name } = parseOr400(
        v.object({ dryRun: Flag, name: v.optional(v.string()) }),
        c.req.query(),
        'query',
      );
      try {
        const bytes = await upload(c);
        const files =
          bytes[0] === 0x50 && bytes[1] === 0x4b ? networkFilesOf(bytes) : new Map([[name ?? 'history.csv', bytes]]);
        return c.json(await importHistory(db, files, { dryRun: isOn(dryRun) }));
      } catch (e) {
        if (e instanceof NetworkInvalid) return invalid(c, e);
        throw e;
      }
    })
    .get('/readings', async (c) => {
      requireAdmin(c.get('user'));
      const q = parseOr400(ReadingsQuery, c.req.query(), 'query');
      const { readings, nextCursor, zone } = await exportReadings(db, { ...q, includeCorrected: isOn(q.corrected) });
      c.header('X-Next-Cursor', nextCursor);
      if (q.format === 'json') return c.json({ readings, nextCursor });
      if (q.format === 'zrxp') {
        const { text, skipped } = readingsZrxp(readings, parseUtcOffset(q.tz ?? 'UTC') ?? 0);
        if (skipped.length) c.header('X-Skipped-Series', skipped.join(','));
        c.header('Content-Disposition', 'attachment; filename="readings.zrx"');
        return c.body(text, 200, { 'Content-Type': 'text/plain; charset=utf-8' });
      }
      c.header('Content-Disposition', 'attachment; filename="readings.csv"');
      return c.body(readingsCsv(readings, zone, q.csv === 'excel-de'), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
      });
    })
    .get('/audit', async (c) => {
      requireAdmin(c.get('user'));
      const q = parseOr400(
        v.object({
          mrId: v.optional(v.string()),
          since: Iso,
          format: v.optional(v.picklist(['csv', 'json']), 'csv'),
          csv: v.optional(v.picklist(['excel-de', 'standard'])),
        }),
        c.req.query(),
        'query',
      );
      const lines = await exportAudit(db, q);
      if (q.format === 'json') return c.json({ lines });
      c.header('Content-Disposition', 'attachment; filename="audit.csv"');
      return c.body(auditCsv(lines, q.csv === 'excel-de'), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    });
}
