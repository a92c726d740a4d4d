import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { HistoryImportResult, NetworkImportResult, NetworkProblemAnswer } from '../../../schemas/api';
import { useReplication } from '../../app/replication';
import { useServerInfo } from '../../db/reference-hooks';
import { Button } from '../../ui/Button';
import { ChangesPreview } from './ChangesPreview';
import { ProblemList } from './ProblemList';
import { download, importHistory, importNetwork, UploadRefused } from './operator-api';

type Outcome<T> =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; result: T }
  | { kind: 'refused'; problems: NetworkProblemAnswer[] }
  | { kind: 'error'; message: string };

async function attempt<T>(run: () => Promise<T>, set: (o: Outcome<T>) => void): Promise<T | undefined> {
  set({ kind: 'busy' });
  try {
    const result = await run();
    set({ kind: 'done', result });
    return result;
  } catch (e) {
    if (e instanceof UploadRefused) set({ kind: 'refused', problems: e.problems });
    else set({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
    return undefined;
  }
}

const fileInput =
  'block w-full max-w-xl rounded border border-slate-400 p-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-sky-700 file:px-3 file:py-2 file:text-white';

/** The operator's screen (admins): the station network and history in, readings and the audit out (docs/operator.md). */
export function OperatorScreen() {
  const { t } = useLingui();
  const info = useServerInfo();
  const replication = useReplication();
  const ids = { network: useId(), folder: useId(), history: useId() };
  const [files, setFiles] = useState<File[]>([]);
  const [network, setNetwork] = useState<Outcome<NetworkImportResult>>({ kind: 'idle' });
  const [historyFiles, setHistoryFiles] = useState<File[]>([]);
  const [history, setHistory] = useState<Outcome<HistoryImportResult>>({ kind: 'idle' });
  const [downloadError, setDownloadError] = useState<string>();

  if (info && !info.isAdmin)
    return (
      <p role="alert">
        <Trans>Only administrators import and export the station network.</Trans>
      </p>
    );

  const choose = (list: FileList | null) => {
    setFiles(list ? [...list] : []);
    setNetwork({ kind: 'idle' });
  };
  const previewed = network.kind === 'done' && !network.result.applied;
  const apply = async () => {
    const result = await attempt(() => importNetwork(files, false), setNetwork);
    // the new rounds, permissions and configuration reach this device at once
    if (result) await replication.refresh().catch(() => undefined);
  };
  const get = (path: string, name: string) => {
    setDownloadError(undefined);
    download(path, name).catch((e: unknown) => setDownloadError(e instanceof Error ? e.message : String(e)));
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
        <p className="text-sm">
          <Trans>
            Rounds, stations and timeseries, tasks, facilities, meters, documents, map tracks, configuration and
            permissions: a zip or the CSV files of the network folder (rounds.csv, entries.csv, …), or network.json.
            First check them: nothing is stored until you apply.
          </Trans>
        </p>
        <label htmlFor={ids.network} className="block font-medium">
          <Trans>Network files (zip, CSV, JSON)</Trans>
        </label>
        <input id={ids.network} type="file" multiple className={fileInput} onChange={(e) => choose(e.target.files)} />
        <label htmlFor={ids.folder} className="block font-medium">
          <Trans>Or a whole network folder</Trans>
        </label>
        <input
          id={ids.folder}
          type="file"
          multiple
          className={fileInput}
          {...{ webkitdirectory: '' }}
          onChange={(e) => choose(e.target.files)}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={files.length === 0 || network.kind === 'busy'}
            onClick={() => void attempt(() => importNetwork(files, true), setNetwork)}
          >
            <Trans>Check (preview)</Trans>
          </Button>
          <Button disabled={!previewed} onClick={() => void apply()}>
            <Trans>Apply import</Trans>
          </Button>
        </div>
        <div aria-live="polite">
          {network.kind === 'busy' && <p role="status">{t`Working…`}</p>}
          {network.kind === 'done' && <ChangesPreview result={network.result} />}
          {network.kind === 'done' && network.result.applied && (
            <p role="status" className="font-semibold text-green-800 dark:text-green-300">
              <Trans>The network is imported. Field workers see the new rounds after their next refresh.</Trans>
            </p>
          )}
        </div>
        {network.kind === 'refused' && <ProblemList problems={network.problems} />}
        {network.kind === 'error' && <p role="alert">{network.message}</p>}
      </section>

      <section aria-labelledby="history-heading" className="space-y-2">
        <h2 id="history-heading" className="text-xl font-semibold">
          <Trans>Historic values</Trans>
        </h2>
        <p className="text-sm">
          <Trans>
            ZRXP files, a CSV with the columns tsId, time, value, remark, or one CSV per timeseries named after its id
            (laid out as the CSV import settings say). Values from the field are never overwritten.
          </Trans>
        </p>
        <label htmlFor={ids.history} className="block font-medium">
          <Trans>History files (ZRXP, CSV, zip)</Trans>
        </label>
        <input
          id={ids.history}
          type="file"
          multiple
          className={fileInput}
          onChange={(e) => {
            setHistoryFiles(e.target.files ? [...e.target.files] : []);
            setHistory({ kind: 'idle' });
          }}
        />
        <Button
          disabled={historyFiles.length === 0 || history.kind === 'busy'}
          onClick={() => void attempt(() => importHistory(historyFiles, false), setHistory)}
        >
          <Trans>Import historic values</Trans>
        </Button>
        <div aria-live="polite">
          {history.kind === 'busy' && <p role="status">{t`Working…`}</p>}
          {history.kind === 'done' && (
            <p role="status">
              {t`${history.result.values} values of ${Object.keys(history.result.series).length} timeseries imported.`}
            </p>
          )}
        </div>
        {history.kind === 'refused' && <ProblemList problems={history.problems} />}
        {history.kind === 'error' && <p role="alert">{history.message}</p>}
      </section>

      <section aria-labelledby="exports-heading" className="space-y-2">
        <h2 id="exports-heading" className="text-xl font-semibold">
          <Trans>Exports</Trans>
        </h2>
        <p className="text-sm">
          <Trans>
            Submitted readings for the hydrological database (entries without an import number are named in the ZRXP
            file and left out), the audit of corrections and decisions, and the network as it is stored.
          </Trans>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => get('/readings?format=csv', 'readings.csv')}>
            <Trans>Readings (CSV)</Trans>
          </Button>
          <Button variant="secondary" onClick={() => get('/readings?format=zrxp', 'readings.zrx')}>
            <Trans>Readings (ZRXP)</Trans>
          </Button>
          <Button variant="secondary" onClick={() => get('/audit', 'audit.csv')}>
            <Trans>Corrections and decisions (CSV)</Trans>
          </Button>
          <Button variant="secondary" onClick={() => get('/network', 'network.zip')}>
            <Trans>Station network (zip)</Trans>
          </Button>
        </div>
        {downloadError && <p role="alert">{downloadError}</p>}
      </section>
    </section>
  );
}
