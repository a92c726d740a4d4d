import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useDb } from '../../db/db-context';
import { wipeLocalData } from '../../db/device-commands';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { InlineError } from '../../ui/InlineError';
import { COLLECTION_LABELS, type CollectionName } from './collection-names';

const NAMES = Object.keys(COLLECTION_LABELS) as CollectionName[];

/**
 * Support's last resort: remove every local document and load afresh from the server. Refused while any
 * round on this device has not reached the server, naming it: unsent readings are never dropped.
 */
export function ResetDevice() {
  const { t } = useLingui();
  const db = useDb();
  const [refusal, setRefusal] = useState<string>();
  const [asking, setAsking] = useState(false);
  const check = async () => {
    const unsent = await db.offlineInstances.find({ selector: { syncState: { $ne: 'sent' } } }).exec();
    const withData = [];
    for (const i of unsent)
      if (
        (await db.drafts.find({ selector: { instanceId: i.instanceId } }).exec()).length > 0 ||
        (await db.photos.find({ selector: { instanceId: i.instanceId } }).exec()).length > 0
      )
        withData.push(i);
    if (withData.length > 0) {
      const names = withData.map((i) => `${i.mrName} (${i.date})`).join(', ');
      setRefusal(
        t`Refused: these rounds have not reached the server yet: ${names}. Send them, or export the local data first.`,
      );
      return;
    }
    setRefusal(undefined);
    setAsking(true);
  };
  const reset = async () => {
    await wipeLocalData(db, NAMES);
    window.location.reload();
  };
  return (
    <section aria-labelledby="reset-heading" className="space-y-2 text-sm">
      <h2 id="reset-heading" className="text-lg font-semibold">
        <Trans>Start afresh on this device</Trans>
      </h2>
      <p>
        <Trans>
          Removes every local document and loads the rounds from the server again. Only possible when every round
          entered here has been sent.
        </Trans>
      </p>
      <Button variant="secondary" onClick={() => void check()}>
        <Trans>Remove all local data</Trans>
      </Button>
      {refusal && <InlineError>{refusal}</InlineError>}
      {asking && (
        <ConfirmDialog
          title={t`Remove all local data?`}
          confirmLabel={t`Remove`}
          cancelLabel={t`Cancel`}
          onCancel={() => setAsking(false)}
          onConfirm={() => void reset()}
        >
          <p>
            <Trans>
              Everything on this device is removed and loaded again from the server. Nothing unsent is on this device.
            </Trans>
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
