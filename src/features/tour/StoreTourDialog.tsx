import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import { isQuotaError } from '../../app/storage';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { InlineError } from '../../ui/InlineError';
import { storeTour } from '../../db/tour-commands';

/** §4 "take offline": team and remark of the round, then the round is stored on this device and opened. */
export function StoreTourDialog({ round, date, onClose }: { round: RoundDoc; date: string; onClose: () => void }) {
  const { t } = useLingui();
  const db = useDb();
  const fmt = useLocaleFormat();
  const navigate = useNavigate();
  const teamId = useId();
  const remarkId = useId();
  const [team, setTeam] = useState('');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = round.mrName;
  const shownDate = fmt.date(date);

  const store = async () => {
    setBusy(true);
    setError(null);
    try {
      const instance = await storeTour(db, { round, date, team, remark });
      onClose();
      await navigate({ to: '/mobile/$instanceId', params: { instanceId: instance.instanceId } });
    } catch (e) {
      console.error('storing the round failed', e);
      setError(
        isQuotaError(e)
          ? t`The storage of this device is full; the round was not stored.`
          : t`The round could not be stored on this device.`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open title={t`Take ${name} offline`} onClose={onClose} testId="store-tour-dialog">
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void store();
        }}
      >
        <p className="text-sm">
          <Trans>
            The round {name} for {shownDate} is stored on this device with its history, so it can be entered without
            network and sent later.
          </Trans>
        </p>
        <div className="flex flex-col">
          <label htmlFor={teamId} className="font-medium">
            <Trans>Team</Trans>
          </label>
          <input
            id={teamId}
            value={team}
            onChange={(e) => setTeam(e.target.value)}
            autoComplete="off"
            className="min-h-11 rounded border border-slate-400 bg-white px-2 dark:bg-slate-950"
          />
        </div>
        <div className="flex flex-col">
          <label htmlFor={remarkId} className="font-medium">
            <Trans>Remark on the round</Trans>
          </label>
          <textarea
            id={remarkId}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            rows={2}
            className="rounded border border-slate-400 bg-white px-2 py-1 dark:bg-slate-950"
          />
        </div>
        {error && <InlineError>{error}</InlineError>}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={busy}>
            <Trans>Store on this device</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
