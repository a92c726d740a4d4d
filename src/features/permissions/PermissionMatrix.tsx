import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { PermissionConflictError } from '../../../replication/api-errors';
import { checkNewUser, compileNameFilter, type NameFilter } from '../../domain';
import { auth } from '../../app/auth';
import { useAuthState } from '../../app/use-auth';
import { useOnline } from '../../app/use-online';
import { useServerInfo } from '../../db/reference-hooks';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard';
import { InlineError } from '../../ui/InlineError';
import { usePermissionEditor, type PermissionEditor } from './use-permission-editor';
import { PermissionGrid } from './PermissionGrid';
import { RoleLegend } from './RoleLegend';
import { useRoleNames } from './role-names';

type Notice = { kind: 'saved' } | { kind: 'error'; message: string } | { kind: 'conflict' } | null;

/** permissions (§2): admins grant roles per user and measure round; online only, saved as a whole. */
export function PermissionMatrix() {
  const online = useOnline();
  const info = useServerInfo();
  const authState = useAuthState();
  const loggedOut = authState.enabled && !authState.authenticated;
  return (
    <section aria-labelledby="permissions-heading" className="space-y-3">
      <h1 id="permissions-heading" className="text-2xl font-semibold">
        <Trans>Permissions</Trans>
      </h1>
      <p className="max-w-prose text-slate-700 dark:text-slate-300" data-testid="permissions-intro">
        <Trans>
          Here administrators decide who may do what on which measure round: observers enter readings, deciders assess
          incidents (decision 1) and decide on operations (decision 2).
        </Trans>
      </p>
      {loggedOut ? (
        <Alert type="info" testId="permissions-login">
          <p>
            <Trans>Log in with an administrator account to see and change the permissions.</Trans>
          </p>
          {online ? (
            <Button className="mt-2" onClick={() => auth.login()}>
              <Trans>Log in</Trans>
            </Button>
          ) : (
            <p className="mt-1">
              <Trans>Logging in needs the network.</Trans>
            </p>
          )}
        </Alert>
      ) : info && !info.isAdmin ? (
        <Alert type="warning" testId="permissions-not-admin">
          <Trans>Only administrators manage permissions.</Trans>{' '}
          {info.username ? (
            <Trans>
              You are logged in as {info.username} without administrator rights: ask an administrator if you need a role
              on a measure round.
            </Trans>
          ) : (
            <Trans>Ask an administrator if you need a role on a measure round.</Trans>
          )}
        </Alert>
      ) : (
        <PermissionEditorView online={online} admin={info?.isAdmin === true} />
      )}
    </section>
  );
}

function PermissionEditorView({ online, admin }: { online: boolean; admin: boolean }) {
  const { t } = useLingui();
  const editor = usePermissionEditor(online && admin);
  const roleName = useRoleNames();
  const [roundFilter, setRoundFilter] = useState('');
  const [roleFilter, setRoleFilter] = useState('');
  const [userFilter, setUserFilter] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(() => window.matchMedia('(min-width: 640px)').matches);
  const filtering = [roundFilter, roleFilter, userFilter].some((f) => f.trim() !== '');
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);
  const rounds = useMemo(() => compileNameFilter(roundFilter), [roundFilter]);
  const roles = useMemo(() => compileNameFilter(roleFilter), [roleFilter]);
  const users = useMemo(() => compileNameFilter(userFilter), [userFilter]);
  const shownRounds = useMemo(
    () => editor.rounds.filter((r) => !rounds.ok || rounds.matches(r.mrName)),
    [editor.rounds, rounds],
  );
  // a role is found by its id (HWE_RESPONSIBLE1) or by its name in the UI language
  const shownRoles = editor.roles.filter((r) => !roles.ok || roles.matches(r) || roles.matches(roleName(r).name));
  // users created in this session first: the one just typed is in view at once
  const matchingUsers = useMemo(
    () =>
      [...editor.newUsers, ...editor.users.filter((u) => !editor.newUsers.includes(u))].filter(
        (u) => !users.ok || users.matches(u),
      ),
    [editor.users, editor.newUsers, users],
  );

  const save = async (): Promise<boolean> => {
    setSaving(true);
    try {
      await editor.save();
      setNotice({ kind: 'saved' });
      return true;
    } catch (e) {
      setNotice(
        e instanceof PermissionConflictError
          ? { kind: 'conflict' }
          : { kind: 'error', message: e instanceof Error ? e.message : String(e) },
      );
      return false;
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {!online && (
        <Alert type="info" testId="permissions-offline">
          <Trans>Permissions are managed on the server: connect to the network to load and change them.</Trans>
        </Alert>
      )}
      {editor.load.kind === 'error' && (
        <Alert type="danger" testId="permissions-load-error">
          <Trans>The permissions could not be loaded: {editor.load.message}</Trans>{' '}
          <Button variant="secondary" className="mt-2" onClick={() => void editor.reload()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      )}
      {online && editor.load.kind === 'loading' && (
        <p role="status">
          <Trans>Loading the permissions…</Trans>
        </p>
      )}
      {online && editor.load.kind === 'ready' && (
        <>
          <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
            {/* folded on a phone, so the grid starts on the first screen; open on wider screens */}
            <details
              open={filtersOpen}
              onToggle={(e) => setFiltersOpen(e.currentTarget.open)}
              className="min-w-0 max-w-full"
            >
              <summary className="flex min-h-11 cursor-pointer items-center gap-1 font-medium">
                <span aria-hidden="true">{filtersOpen ? '▾' : '▸'}</span>
                {filtering ? t`Filters (active)` : t`Filters`}
              </summary>
              <div className="flex flex-wrap items-start gap-4">
                <FilterField
                  label={t`Filter measure rounds (regular expression)`}
                  value={roundFilter}
                  onChange={setRoundFilter}
                  filter={rounds}
                />
                <FilterField
                  label={t`Filter roles (regular expression)`}
                  value={roleFilter}
                  onChange={setRoleFilter}
                  filter={roles}
                />
                <FilterField
                  label={t`Filter users (regular expression)`}
                  value={userFilter}
                  onChange={setUserFilter}
                  filter={users}
                />
              </div>
            </details>
            <NewUser editor={editor} />
          </div>
          <RoleLegend roles={editor.roles} />
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="select-all-hint">
            <Trans>
              Tip: double-click a user or a measure round (or press Enter on it) to select all its shown roles; do it
              again to clear them. Arrow keys move between the checkboxes; Ctrl+Home and Ctrl+End jump to the first and
              last user.
            </Trans>
          </p>
          {matchingUsers.length === 0 || shownRounds.length === 0 || shownRoles.length === 0 ? (
            <p className="rounded border border-dashed border-slate-400 p-3" data-testid="permissions-none-shown">
              <Trans>No users, measure rounds or roles match the filters.</Trans>
            </p>
          ) : (
            <PermissionGrid users={matchingUsers} rounds={shownRounds} roles={shownRoles} editor={editor} />
          )}
          <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 border-t border-slate-300 bg-white py-2 dark:border-slate-700 dark:bg-slate-950">
            <p data-testid="permission-changes" aria-live="polite">
              <Plural value={editor.changes.added} one="# new permission" other="# new permissions" />,{' '}
              <Plural value={editor.changes.removed} one="# removed permission" other="# removed permissions" />
              {editor.newUsers.length > 0 && (
                <>
                  , <Plural value={editor.newUsers.length} one="# new user" other="# new users" />
                </>
              )}
            </p>
            <Button onClick={() => void save()} disabled={!editor.dirty || saving}>
              <Trans>Save permissions</Trans>
            </Button>
          </div>
        </>
      )}
      {notice?.kind === 'saved' && (
        <Alert type="success" testId="permissions-saved" onClose={() => setNotice(null)} closeLabel={t`Close`}>
          <Trans>Permissions saved</Trans>
        </Alert>
      )}
      {notice?.kind === 'error' && (
        <Alert type="danger" testId="permissions-save-error" onClose={() => setNotice(null)} closeLabel={t`Close`}>
          <Trans>The permissions could not be saved: {notice.message}</Trans>
        </Alert>
      )}
      {notice?.kind === 'conflict' && (
        <Alert type="danger" testId="permissions-save-conflict" onClose={() => setNotice(null)} closeLabel={t`Close`}>
          <Trans>
            Another administrator changed the permissions since you loaded them. Nothing was saved: reload the
            permissions and make your changes again.
          </Trans>{' '}
          <Button
            variant="secondary"
            className="mt-2"
            onClick={() => {
              setNotice(null);
              void editor.reload();
            }}
          >
            <Trans>Reload permissions</Trans>
          </Button>
        </Alert>
      )}
      <UnsavedChangesGuard
        dirty={editor.dirty}
        save={save}
        discard={editor.discard}
        testId="unsaved-permissions-dialog"
        message={<Trans>The permissions on this page have changed but are not saved.</Trans>}
      />
    </>
  );
}

/** A regular-expression filter; a pattern that does not compile is explained in words, the engine's text as a tooltip. */
function FilterField({
  label,
  value,
  onChange,
  filter,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  filter: NameFilter;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!filter.ok || undefined}
        aria-describedby={filter.ok ? undefined : `${id}-error`}
        autoComplete="off"
        spellCheck={false}
        className="min-h-11 rounded border border-slate-400 bg-white px-2 aria-invalid:border-red-600 dark:bg-slate-900"
      />
      {!filter.ok && (
        <p id={`${id}-error`} className="max-w-72 leading-tight" title={filter.error}>
          <InlineError>
            {t`This filter is not a valid pattern: check brackets and special characters such as ( [ * +`}
          </InlineError>
        </p>
      )}
    </div>
  );
}

function NewUser({ editor }: { editor: PermissionEditor }) {
  const { t } = useLingui();
  const id = useId();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const problem = checkNewUser(name, editor.users);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problem) return;
    editor.addUser(name.trim());
    setName('');
    setTried(false);
  };
  const message =
    problem === 'empty'
      ? t`Enter a user name.`
      : problem === 'exists'
        ? t`This user exists already.`
        : problem === 'tooLong'
          ? t`At most 200 characters.`
          : undefined;
  return (
    <form onSubmit={submit} className="flex flex-col">
      <label htmlFor={id} className="text-sm font-medium">
        <Trans>New user</Trans>
      </label>
      <span className="flex gap-2">
        <input
          id={id}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={(tried && !!problem) || undefined}
          autoComplete="off"
          className="min-h-11 rounded border border-slate-400 bg-white px-2 aria-invalid:border-red-600 dark:bg-slate-900"
        />
        <Button type="submit" variant="secondary">
          <Trans>Create user</Trans>
        </Button>
      </span>
      {tried && message && <InlineError>{message}</InlineError>}
    </form>
  );
}
