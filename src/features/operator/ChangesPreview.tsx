import { Trans, useLingui } from '@lingui/react/macro';
import type { NetworkImportResult } from '../../../schemas/api';

/** The dry run's answer (or the applied import's): per kind what is added, changed and removed. */
export function ChangesPreview({ result }: { result: NetworkImportResult }) {
  const { t } = useLingui();
  const kindName: Record<string, string> = {
    rounds: t`Measure rounds`,
    entries: t`Timeseries`,
    tasks: t`Station tasks`,
    facilities: t`Station facilities`,
    permissions: t`Permissions`,
    meters: t`Discharge meters`,
    facilityModels: t`Facility models`,
    documents: t`Documents`,
    maps: t`Map tracks and overlays`,
    config: t`Configuration`,
  };
  const rows = Object.entries(result.changes);
  return (
    <table className="mt-2 w-full border-collapse text-sm">
      <caption className="text-left font-semibold">
        {result.applied ? <Trans>Imported</Trans> : <Trans>Preview: nothing is stored yet</Trans>}
      </caption>
      <thead>
        <tr className="border-b border-slate-400 text-left">
          <th scope="col" className="py-1 pr-3">
            <Trans>Kind</Trans>
          </th>
          <th scope="col" className="py-1 pr-3">
            <Trans>Added</Trans>
          </th>
          <th scope="col" className="py-1 pr-3">
            <Trans>Changed</Trans>
          </th>
          <th scope="col" className="py-1 pr-3">
            <Trans>Removed</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([kind, c]) => (
          <tr key={kind} className="border-b border-slate-200 align-top dark:border-slate-700">
            <th scope="row" className="py-1 pr-3 text-left font-medium">
              {kindName[kind] ?? kind}
            </th>
            {[c.added, c.changed, c.removed].map((keys, i) => (
              <td key={i} className="py-1 pr-3">
                {keys.length === 0 ? (
                  '0'
                ) : (
                  <details>
                    <summary className="cursor-pointer">{keys.length}</summary>
                    <ul className="text-xs">
                      {keys.map((k) => (
                        <li key={k}>{k}</li>
                      ))}
                    </ul>
                  </details>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
