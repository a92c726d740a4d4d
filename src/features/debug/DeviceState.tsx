import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useReplication } from '../../app/replication';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useOnline } from '../../app/use-online';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { useSyncStatus } from '../../db/reference-hooks';
import { Button } from '../../ui/Button';

interface StorageState {
  usage?: number;
  quota?: number;
  persisted?: boolean;
}

interface CacheSummary {
  name: string;
  entries: number;
}

async function readStorage(): Promise<StorageState> {
  const e = await navigator.storage?.estimate?.();
  return { usage: e?.usage, quota: e?.quota, persisted: await navigator.storage?.persisted?.() };
}

async function readCaches(): Promise<CacheSummary[]> {
  if (!('caches' in globalThis)) return [];
  const names = await caches.keys();
  return Promise.all(names.map(async (name) => ({ name, entries: (await (await caches.open(name)).keys()).length })));
}

/** Replication (leader, last pull and push), storage and the service worker of this device. */
export function DeviceState() {
  const { t, i18n } = useLingui();
  const fmt = useLocaleFormat();
  const db = useDb();
  const replication = useReplication();
  const online = useOnline();
  const sync = useSyncStatus();
  const lastSent = useObservable(
    () => db.offlineInstances.findOne({ selector: { syncState: 'sent' }, sort: [{ sentAt: 'desc' }] }).$,
    null,
    [db],
  );
  const [storage, setStorage] = useState<StorageState>({});
  const [cacheList, setCacheList] = useState<CacheSummary[]>([]);
  const [worker, setWorker] = useState<string>();
  useEffect(() => {
    void readStorage().then(setStorage);
    void readCaches().then(setCacheList);
    setWorker(navigator.serviceWorker?.controller?.scriptURL);
  }, []);
  const mb = (n?: number) => (n === undefined ? '–' : i18n.number(n / 1024 / 1024, { maximumFractionDigits: 1 }));
  const when = (ms?: number) => (ms ? fmt.epochDateTime(ms) : '–');
  const storageText = (used: string, quota: string) => t`${used} MB of ${quota} MB`;
  const persist = async () => {
    await navigator.storage?.persist?.();
    setStorage(await readStorage());
  };

  return (
    <section aria-labelledby="device-heading" className="space-y-2 text-sm">
      <h2 id="device-heading" className="text-lg font-semibold">
        <Trans>Sync and storage</Trans>
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt>{t`Network`}</dt>
        <dd>{online ? t`online` : t`offline`}</dd>
        <dt>{t`This tab`}</dt>
        <dd data-testid="debug-leader">
          {replication.isLeader() ? t`sends and loads data (leader)` : t`shows data; another tab sends and loads`}
        </dd>
        <dt>{t`Last load from the server`}</dt>
        <dd>{when(sync.lastPullAt)}</dd>
        {sync.lastPullError && (
          <>
            <dt>{t`Last load error`}</dt>
            <dd className="break-all text-red-800 dark:text-red-300">{sync.lastPullError}</dd>
          </>
        )}
        <dt>{t`Last round sent`}</dt>
        <dd>{lastSent ? `${lastSent.mrName} · ${when(lastSent.sentAt)}` : '–'}</dd>
        <dt>{t`Storage`}</dt>
        <dd>{storageText(mb(storage.usage), mb(storage.quota))}</dd>
        <dt>{t`Persistent storage`}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          {storage.persisted
            ? t`granted: the browser keeps the data`
            : t`not granted: the browser may clear data under storage pressure`}
          {!storage.persisted && (
            <Button variant="secondary" onClick={() => void persist()}>
              <Trans>Ask to keep the data</Trans>
            </Button>
          )}
        </dd>
        <dt>{t`App version`}</dt>
        <dd>{__APP_VERSION__}</dd>
        <dt>{t`Service worker`}</dt>
        <dd className="break-all">{worker ?? t`not active`}</dd>
        <dt>{t`Offline caches`}</dt>
        <dd>
          {cacheList.length === 0
            ? '–'
            : cacheList.map((c) => (
                <div key={c.name}>
                  <code className="text-xs">{c.name}</code>: <Plural value={c.entries} one="# file" other="# files" />
                </div>
              ))}
        </dd>
      </dl>
    </section>
  );
}
