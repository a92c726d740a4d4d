import { Trans, useLingui } from '@lingui/react/macro';
import type { NetworkProblemAnswer } from '../../../schemas/api';

/** Every problem of a refused upload, each naming file, row and column; nothing was stored. */
export function ProblemList({ problems }: { problems: readonly NetworkProblemAnswer[] }) {
  const { t } = useLingui();
  return (
    <div
      role="alert"
      className="rounded border-l-4 border-red-600 bg-red-50 p-3 text-red-950 dark:bg-red-950 dark:text-red-50"
    >
      <p className="font-semibold">
        <Trans>Nothing was stored. Correct these places and upload again:</Trans>
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5" aria-label={t`Problems`}>
        {problems.map((p, i) => {
          const { file, row, column, message } = p;
          const place =
            row !== undefined && column
              ? t`${file}, row ${row}, column ${column}`
              : row !== undefined
                ? t`${file}, row ${row}`
                : column
                  ? t`${file}, column ${column}`
                  : file;
          return (
            <li key={i}>
              <span className="font-semibold">{place}</span>: {message}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
