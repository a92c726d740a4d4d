import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { PermissionConflictError } from '../../../replication/api-errors';
import { checkNewUser, compileNameFilter } from '../../domain';
import { useOnline } from '../../app/use-online';
import { useServerInfo } from '../../db/reference-hooks';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard';
import { InlineError } from '../../ui/InlineError';
import { usePermissionEditor, type PermissionEditor } from './use-permission-editor';
import { UserPermissions } from './UserPermissions';

type Notice = { kind: 'saved' } | { kind: 'error'; message: string } | { kind: 'conflict' } | null;

/** permissions (§2): admins grant roles per user and measure round; online only, saved as a whole. */
export function PermissionMatrix() {
  const { t } = useLingui();
  const online = useOnline();
  const info = useServerInfo();
  const editor = usePermissionEditor(online && info?.isAdmin === true);
  const [roundFilter, setRoundFilter] = useState('');
  const [roleFilter, setRoleFilter] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);
  const roundFilterId = useId();
  const roleFilterId = useId();
  const rounds = compileNameFilter(roundFilter);
  const roles = compileNameFilter(roleFilter);
  const shownRounds = useMemo(
    () => editor.rounds.filter((r) => !rounds.ok || rounds.matches(r.mrName)),
    [editor.rounds, rounds],
  );
  const shownRoles = useMemo(() => editor.roles.filter((r) => !roles.ok || roles.matches(r)), [editor.roles, roles]);

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

  if (info && !info.isAdmin) return <Alert type="warning">{t`Only administrators manage permissions.`}</Alert>;
  return (
    <section aria-labelledby="permissions-heading" className="space-y-3">
      <h1 id="permissions-heading" className="text-2xl font-semibold">
        <Trans>Permissions</Trans>
      </h1>
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
      {online && editor.load.kind === 'loading' && <p role="status">…</p>}
      {online && editor.load.kind === 'ready' && (
        <>
          <div className="flex flex-wrap items-start gap-4">
            <div className="flex flex-col">
              <label htmlFor={roundFilterId} className="text-sm font-medium">
                <Trans>Filter measure rounds (regular expression)</Trans>
              </label>
              <input
                id={roundFilterId}
                value={roundFilter}
                onChange={(e) => setRoundFilter(e.target.value)}
                aria-invalid={!rounds.ok || undefined}
                className="min-h-11 rounded border border-slate-400 bg-white px-2 aria-invalid:border-red-600 dark:bg-slate-900"
              />
              {!rounds.ok && <InlineError>{t`Invalid regular expression: ${rounds.error}`}</InlineError>}
            </div>
            <div className="flex flex-col">
              <label htmlFor={roleFilterId} className="text-sm font-medium">
                <Trans>Filter roles (regular expression)</Trans>
              </label>
              <input
                id={roleFilterId}
                value={roleFilter}
                onChange={(e) => setRoleFilter(e.target.value)}
                aria-invalid={!roles.ok || undefined}
                className="min-h-11 rounded border border-slate-400 bg-white px-2 aria-invalid:border-red-600 dark:bg-slate-900"
              />
              {!roles.ok && <InlineError>{t`Invalid regular expression: ${roles.error}`}</InlineError>}
            </div>
            <NewUser editor={editor} onCreated={(u) => setExpanded((s) => new Set([...s, u]))} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setExpanded(new Set(editor.users))}>
              <Trans>Expand all</Trans>
            </Button>
            <Button variant="secondary" onClick={() => setExpanded(new Set())}>
              <Trans>Collapse all</Trans>
            </Button>
          </div>
          <div className="space-y-2">
            {editor.users.map((u) => (
              <UserPermissions
                key={u}
                username={u}
                isNewUser={editor.newUsers.includes(u)}
                rounds={shownRounds}
                roles={shownRoles}
                editor={editor}
                expanded={expanded.has(u)}
                onExpand={(open) =>
                  setExpanded((s) => (open ? new Set([...s, u]) : new Set([...s].filter((x) => x !== u))))
                }
              />
            ))}
          </div>
          <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-slate-300 bg-white py-2 dark:border-slate-700 dark:bg-slate-950">
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
        testId="unsaved-permissions-dialog"
        message={<Trans>The permissions on this page have changed but are not saved.</Trans>}
      />
    </section>
  );
}

function NewUser({ editor, onCreated }: { editor: PermissionEditor; onCreated(username: string): void }) {
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
    onCreated(name.trim());
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
