import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { HistoryImportResult, NetworkImportResult } from '../../../schemas/api';
import { useReplication } from '../../app/replication';
import { useServerInfo } from '../../db/reference-hooks';
import { Button } from '../../ui/Button';
import { ChangesPreview } from './ChangesPreview';
import { ExportSection } from './ExportSection';
import { FileChooser } from './FileChooser';
import { importHistory, importNetwork } from './operator-api';
import { OutcomeView, useOutcome } from './use-outcome';

/** The operator's screen (admins): the station network and history in, readings and the audit out (docs/operator.md). */
export function OperatorScreen() {
  const { t } = useLingui();
  const info = useServerInfo();
  const replication = useReplication();
  const [files, setFiles] = useState<File[]>([]);
  // the two network choosers share one upload: the one used last shows its files
  const [from, setFrom] = useState<'files' | 'folder'>('files');
  const network = useOutcome<NetworkImportResult>();
  const [historyFiles, setHistoryFiles] = useState<File[]>([]);
  const history = useOutcome<HistoryImportResult>();

  if (info && !info.isAdmin)
    return (
      <p role="alert">
        <Trans>Only administrators import and export the station network.</Trans>
      </p>
    );

  const choose = (list: File[], chooser: 'files' | 'folder') => {
    setFiles(list);
    setFrom(chooser);
    network.reset();
  };
  const previewed = network.outcome.kind === 'done' && !network.outcome.result.applied;
  const apply = async () => {
    const result = await network.run(() => importNetwork(files, false));
    // the new rounds, permissions and configuration reach this device at once
    if (result) await replication.refresh().catch(() => undefined);
  };

  return (
    <section aria-labelledby="operator-heading" className="space-y-6">
      <h1 id="operator-heading" className="text-2xl font-semibold">
        <Trans>Import and export</Trans>
      </h1>

      <section aria-labelledby="network-heading" className="space-y-2">
        <h2 id="network-heading" className="text-xl font-semibold">
          <Trans>Station network</Trans>
        </h2>
        <p className="max-w-prose text-sm">
          <Trans>
            Rounds, stations and timeseries, tasks, facilities, meters, documents, map tracks, configuration and
            permissions: a zip or the CSV files of the network folder (rounds.csv, entries.csv, …), or network.json.
            First check them: nothing is stored until you apply.
          </Trans>
        </p>
        <FileChooser
          label={t`Network files (zip, CSV, JSON)`}
          files={from === 'files' ? files : []}
          onChange={(list) => choose(list, 'files')}
        />
        <FileChooser
          label={t`Or a whole network folder`}
          folder
          files={from === 'folder' ? files : []}
          onChange={(list) => choose(list, 'folder')}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={files.length === 0 || network.outcome.kind === 'busy'}
            onClick={() => void network.run(() => importNetwork(files, true))}
          >
            <Trans>Check (preview)</Trans>
          </Button>
          <Button disabled={!previewed} onClick={() => void apply()}>
            <Trans>Apply import</Trans>
          </Button>
        </div>
        <OutcomeView
          outcome={network.outcome}
          done={(result) => (
            <>
              <ChangesPreview result={result} />
              {result.applied && (
                <p role="status" className="font-semibold text-green-800 dark:text-green-300">
                  <Trans>The network is imported. Field workers see the new rounds after their next refresh.</Trans>
                </p>
              )}
            </>
          )}
        />
      </section>

      <section aria-labelledby="history-heading" className="space-y-2">
        <h2 id="history-heading" className="text-xl font-semibold">
          <Trans>Historic values</Trans>
        </h2>
        <p className="max-w-prose text-sm">
          <Trans>
            ZRXP files, a CSV with the columns tsId, time, value, remark, or one CSV per timeseries named after its id
            (laid out as the CSV import settings say). Values from the field are never overwritten.
          </Trans>
        </p>
        <FileChooser
          label={t`History files (ZRXP, CSV, zip)`}
          files={historyFiles}
          onChange={(list) => {
            setHistoryFiles(list);
            history.reset();
          }}
        />
        <Button
          disabled={historyFiles.length === 0 || history.outcome.kind === 'busy'}
          onClick={() => void history.run(() => importHistory(historyFiles, false))}
        >
          <Trans>Import historic values</Trans>
        </Button>
        <OutcomeView
          outcome={history.outcome}
          done={(result) => (
            <p role="status">{t`${result.values} values of ${Object.keys(result.series).length} timeseries imported.`}</p>
          )}
        />
      </section>

      <ExportSection />
    </section>
  );
}
