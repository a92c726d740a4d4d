import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { useEffect, useState } from 'react';
import { useDb } from '../../db/db-context';
import { LocalConfigSchema, useConfig, useLocalConfig, type LocalConfig as LocalConfigData } from '../../db/reference-hooks';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';

/** localConfig (§2): mode, default time, virtual keyboard, print-before-save; reset and save. */
export function LocalConfig() {
  const { t } = useLingui();
  const db = useDb();
  const stored = useLocalConfig();
  const config = useConfig();
  const [form, setForm] = useState<LocalConfigData>(stored);
  const [saved, setSaved] = useState(false);
  const [timeError, setTimeError] = useState(false);
  useEffect(() => setForm(stored), [stored]);

  const save = async () => {
    const parsed = v.safeParse(LocalConfigSchema, form);
    setTimeError(!parsed.success);
    if (!parsed.success) return;
    await db.reference.upsert({ key: 'localConfig', data: parsed.output, fetchedAt: Date.now() });
    setSaved(true);
  };
  const reset = async () => {
    await (await db.reference.findOne('localConfig').exec())?.remove();
    setForm({});
    setSaved(true);
  };

  return (
    <section aria-labelledby="config-heading" className="max-w-xl space-y-4">
      <h1 id="config-heading" className="text-2xl font-semibold">
        <Trans>Settings on this device</Trans>
      </h1>
      <fieldset className="space-y-2">
        <legend className="font-medium">
          <Trans>Mode</Trans>
        </legend>
        {([1, 2] as const).map((mode) => (
          <label key={mode} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="mode" checked={(form.mode ?? config.mode) === mode} onChange={() => setForm({ ...form, mode })} className="size-5" />
            {mode === 1 ? <Trans>Indoor (office, online): table</Trans> : <Trans>Outdoor (field, offline-capable): tour</Trans>}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col font-medium">
        <Trans>Default time of a reading</Trans>
        <input
          type="time"
          value={form.defaultTime ?? config.defaultTime}
          aria-invalid={timeError || undefined}
          aria-describedby="default-time-error"
          onChange={(e) => setForm({ ...form, defaultTime: e.target.value })}
          className="mt-1 min-h-11 w-40 rounded border border-slate-400 bg-white px-2 dark:bg-slate-900"
        />
        <span id="default-time-error" className="text-sm text-red-700 dark:text-red-300">
          {timeError && t`Enter a time as HH:MM.`}
        </span>
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={form.virtualKeyboard ?? false} onChange={(e) => setForm({ ...form, virtualKeyboard: e.target.checked })} className="size-5" />
        <Trans>Show the virtual number keyboard</Trans>
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={form.printBeforeSave ?? false} onChange={(e) => setForm({ ...form, printBeforeSave: e.target.checked })} className="size-5" />
        <Trans>Print before saving</Trans>
      </label>
      <div className="flex gap-3">
        <Button onClick={() => void save()}>
          <Trans>Save</Trans>
        </Button>
        <Button variant="secondary" onClick={() => void reset()}>
          <Trans>Reset</Trans>
        </Button>
      </div>
      {saved && (
        <Alert type="success" onClose={() => setSaved(false)} closeLabel={t`Close`}>
          <Trans>Settings saved on this device.</Trans>
        </Alert>
      )}
    </section>
  );
}
