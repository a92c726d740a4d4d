import { parseTimeInput } from '../../domain/time-input';
import { ErrorReportingSetting } from '../../app/ErrorReportingConsent';
import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { useEffect, useId, useMemo, useState } from 'react';
import { ConfigSchema } from '../../../schemas/api';
import { DEFAULT_TIME } from '../../domain/dates';
import { useDb } from '../../db/db-context';
import { resetDeviceSettings, saveDeviceSettings } from '../../db/settings-commands';
import { LocalConfigSchema, useLocalConfig, useReferenceRead, useReferenceSnapshot } from '../../db/reference-hooks';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard';
import { hasUnsavedChanges, toForm, toStored, type ServerDefaults, type SettingsForm } from './settings-form';
import { settingSource } from '../../domain/device-settings';

/**
 * The server's defaults alone (useConfig already holds this device's overrides), from the shared reference store;
 * undefined until the config is read: from its own query the form first showed the §3 defaults (12:00, indoor).
 */
function useServerDefaults(): ServerDefaults | undefined {
  const { value, read } = useReferenceSnapshot('config');
  const parsed = useMemo(() => v.safeParse(ConfigSchema, value ?? {}), [value]);
  const time = parsed.success ? parsed.output.defaultTime : DEFAULT_TIME;
  const mode = parsed.success ? parsed.output.mode : 1;
  const printBeforeSave = parsed.success ? parsed.output.printBeforeSave : false;
  // one object while the values are the same: the form is reset from it (a config pulled again unchanged keeps edits)
  return useMemo(() => (read ? { time, mode, printBeforeSave } : undefined), [read, time, mode, printBeforeSave]);
}

type Notice = 'saved' | 'reset' | null;

/**
 * localConfig (§2): the settings of this device. Only settings that act are offered: the mode, the default time
 * of the table, the on-screen number keypad and printing before submitting. Unsaved changes are not lost
 * by leaving the page unnoticed (router blocker and the browser's beforeunload prompt).
 */
export function LocalConfig() {
  const server = useServerDefaults();
  const deviceRead = useReferenceRead('localConfig');
  // the form only once both are read: drawn from defaults, it was reset under the user's edit when they arrived
  if (!server || !deviceRead) {
    return (
      <section aria-labelledby="config-heading" aria-busy="true" className="max-w-xl space-y-4">
        <ConfigHeading />
        <div className="min-h-96" />
      </section>
    );
  }
  return <SettingsPage server={server} />;
}

function ConfigHeading() {
  return (
    <h1 id="config-heading" className="text-2xl font-semibold">
      <Trans>Settings on this device</Trans>
    </h1>
  );
}

function SettingsPage({ server }: { server: ServerDefaults }) {
  const { t } = useLingui();
  const db = useDb();
  const stored = useLocalConfig();
  const serverTime = server.time;
  const [form, setForm] = useState<SettingsForm>(() => toForm(stored, server));
  const [notice, setNotice] = useState<Notice>(null);
  const [timeError, setTimeError] = useState(false);
  const timeHintId = useId();
  useEffect(() => setForm(toForm(stored, server)), [stored, server]);
  const dirty = hasUnsavedChanges(form, stored, server);
  const printHintId = useId();

  const change = (patch: Partial<SettingsForm>) => {
    setForm({ ...form, ...patch });
    setNotice(null);
  };
  const save = async (): Promise<boolean> => {
    const parsed = v.safeParse(LocalConfigSchema, toStored(form, server));
    setTimeError(!parsed.success);
    if (!parsed.success) return false;
    await saveDeviceSettings(db, parsed.output);
    setNotice('saved');
    return true;
  };
  const reset = async () => {
    await resetDeviceSettings(db);
    setForm(toForm({}, server));
    setTimeError(false);
    setNotice('reset');
  };

  return (
    <section aria-labelledby="config-heading" className="max-w-xl space-y-4">
      <ConfigHeading />
      <fieldset>
        <legend className="font-medium">
          <Trans>Mode</Trans>
        </legend>
        {([1, 2] as const).map((mode) => (
          <label key={mode} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="mode"
              value={mode}
              checked={form.mode === mode}
              onChange={() => change({ mode })}
              className="size-5 shrink-0"
            />
            {mode === 1 ? (
              <Trans>Indoor (office, online): table</Trans>
            ) : (
              <Trans>Outdoor (field, offline): tour on a round stored on this device</Trans>
            )}
          </label>
        ))}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>
            In the outdoor mode the group selection offers to take a round offline first; the table stays available.
          </Trans>
        </p>
      </fieldset>
      <div className="flex flex-col">
        <label htmlFor="default-time" className="font-medium">
          <Trans>Default time of a reading</Trans>
        </label>
        <input
          id="default-time"
          type="text"
          inputMode="numeric"
          placeholder="hh:mm"
          autoComplete="off"
          value={form.defaultTime}
          aria-invalid={timeError || undefined}
          aria-describedby={timeHintId}
          onChange={(e) => change({ defaultTime: e.target.value })}
          // a 24-hour time whatever the browser's locale: 0745, 7:45 or 7.45 become 07:45
          onBlur={(e) => {
            const parsed = parseTimeInput(e.target.value);
            if (parsed && parsed !== e.target.value) change({ defaultTime: parsed });
          }}
          className="mt-1 min-h-11 w-40 rounded border border-slate-400 bg-white px-2 dark:bg-slate-900"
        />
        <span id={timeHintId} className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>Used in the table for values typed without a time. Server default: {serverTime}.</Trans>
          {timeError && (
            <span className="block text-red-700 dark:text-red-300">
              <Trans>Enter a time as HH:MM.</Trans>
            </span>
          )}
        </span>
      </div>
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          checked={form.virtualKeyboard}
          onChange={(e) => change({ virtualKeyboard: e.target.checked })}
          className="size-5 shrink-0"
        />
        <Trans>Show an on-screen number keypad at the value inputs (touch devices)</Trans>
      </label>
      <div className="flex flex-col">
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            checked={form.printBeforeSave}
            onChange={(e) => change({ printBeforeSave: e.target.checked })}
            aria-describedby={printHintId}
            className="size-5 shrink-0"
          />
          <Trans>Print the round before submitting it</Trans>
        </label>
        {/* the saved value's origin (config printBeforeSave vs. this device), as withDeviceSettings merges it */}
        <span
          id={printHintId}
          data-testid="print-before-save-source"
          className="text-sm text-slate-600 dark:text-slate-400"
        >
          {settingSource(stored, 'printBeforeSave') === 'device' ? (
            <Trans>Set on this device.</Trans>
          ) : (
            <Trans>From the server’s configuration.</Trans>
          )}
        </span>
      </div>
      {/* acts at once (not with Save): it is an answer to a question, kept on this device */}
      <ErrorReportingSetting />
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void save()}>
          <Trans>Save</Trans>
        </Button>
        <Button variant="secondary" onClick={() => void reset()}>
          <Trans>Reset to defaults</Trans>
        </Button>
        {dirty && (
          <span role="status" data-testid="settings-unsaved" className="text-sm text-amber-800 dark:text-amber-300">
            <Trans>Unsaved changes</Trans>
          </span>
        )}
      </div>
      {notice && (
        <Alert type="success" testId="settings-notice" onClose={() => setNotice(null)} closeLabel={t`Close`}>
          {notice === 'saved' ? (
            <Trans>Settings saved on this device.</Trans>
          ) : (
            <Trans>Settings reset to the defaults.</Trans>
          )}
        </Alert>
      )}
      <UnsavedChangesGuard
        dirty={dirty}
        save={save}
        discard={() => setForm(toForm(stored, server))}
        testId="unsaved-settings-dialog"
        message={<Trans>The settings on this page have changed but are not saved.</Trans>}
      />
    </section>
  );
}
