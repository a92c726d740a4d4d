import * as v from 'valibot';
import { IsoDateTimeSchema } from '../../schemas/api/brands';
import { visibleRounds } from '../auth/auth';
import type { Queryable } from '../db/database';
import type { RequestUser } from '../http/app-env';
import { COLUMNS, type SubmissionRow } from './submission-row';

/** Rounds per archive page unless `limit` asks for fewer or more. */
export const DEFAULT_ARCHIVE_LIMIT = 100;
/** The most rounds one archive request returns. */
export const MAX_ARCHIVE_LIMIT = 500;
/**
 * JSON size of the entries one page may carry; a page always holds at least one round and stops before this
 * budget is exceeded, so a few huge submissions cannot make a list request slow or fail.
 */
export const MAX_ARCHIVE_PAGE_BYTES = 8 * 1024 * 1024;

const Limit = v.pipe(
  v.string(),
  v.regex(/^\d{1,4}$/, 'must be a whole number'),
  v.transform(Number),
  v.minValue(1, 'must be at least 1'),
  v.maxValue(MAX_ARCHIVE_LIMIT, `must be at most ${MAX_ARCHIVE_LIMIT}`),
);

/** GET /completed-measure-round?limit&before&beforeId: newest first, `before` (and `beforeId` among equal times) continue a list. */
export const ArchiveQuerySchema = v.pipe(
  v.object({
    limit: v.optional(Limit),
    before: v.optional(IsoDateTimeSchema),
    beforeId: v.optional(v.pipe(v.string(), v.uuid('must be a UUID'))),
  }),
  v.check((q) => q.beforeId === undefined || q.before !== undefined, 'beforeId needs before'),
);
export type ArchiveQuery = v.InferOutput<typeof ArchiveQuerySchema>;

export interface ArchivePage<Row> {
  rounds: Row[];
  /** Query string of the next page (`before=…&beforeId=…`), when there may be more. */
  next?: string;
}

type PageRow = SubmissionRow & { page_rows: string | number };

/**
 * One page of the archive, filtered by the user's rounds and paged in SQL: the query reads only the
 * submissions of those rounds through the (mr_id, submission_time) index, sizes entries by their recorded
 * JSON size, and only the rounds of the page are read in full. Another round's submissions never cost this
 * user anything, and never push this user's rounds out of the list.
 */
export async function archivePage(
  db: Queryable,
  user: RequestUser,
  query: ArchiveQuery,
): Promise<ArchivePage<PageRow>> {
  const visible = await visibleRounds(db, user);
  if (visible !== 'all' && visible.size === 0) return { rounds: [] };
  const limit = query.limit ?? DEFAULT_ARCHIVE_LIMIT;
  const rows = await db.query<PageRow>(
    `with page as (
       select s.instance_id, s.submission_time, coalesce(s.entries_bytes, pg_column_size(s.entries)) as size from submission s
       where ($1::text[] is null or s.mr_id = any($1))
         and ($2::timestamptz is null or s.submission_time < $2 or ($3::uuid is not null and s.submission_time = $2 and s.instance_id < $3::uuid))
       order by s.submission_time desc, s.instance_id desc
       limit $4 + 1
     ), sized as (
       select instance_id, count(*) over () as page_rows,
         row_number() over w as n, coalesce(sum(size) over w, 0) - coalesce(size, 0) as size_before
       from page window w as (order by submission_time desc, instance_id desc rows between unbounded preceding and current row)
     )
     select ${COLUMNS}, z.page_rows from sized z join submission s on s.instance_id = z.instance_id join measure_round r on r.mr_id = s.mr_id
     where z.n <= $4 and (z.n = 1 or z.size_before < $5)
     order by s.submission_time desc, s.instance_id desc`,
    [
      visible === 'all' ? null : [...visible],
      query.before ?? null,
      query.beforeId ?? null,
      limit,
      MAX_ARCHIVE_PAGE_BYTES,
    ],
  );
  const last = rows.at(-1);
  const more = last !== undefined && Number(last.page_rows) > rows.length;
  if (!more) return { rounds: rows };
  const next = new URLSearchParams({
    before: new Date(last.submission_time).toISOString(),
    beforeId: last.instance_id,
    limit: String(limit),
  });
  return { rounds: rows, next: next.toString() };
}

/** Every round of the user's archive, newest first (the spec profile's unpaged list), read page by page. */
export async function fullArchive(db: Queryable, user: RequestUser): Promise<PageRow[]> {
  const rounds: PageRow[] = [];
  let query: ArchiveQuery = { limit: MAX_ARCHIVE_LIMIT };
  for (;;) {
    const page = await archivePage(db, user, query);
    rounds.push(...page.rounds);
    if (!page.next) return rounds;
    query = v.parse(ArchiveQuerySchema, Object.fromEntries(new URLSearchParams(page.next)));
  }
}
