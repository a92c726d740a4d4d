import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Permission, PermissionData } from '../../../schemas/api';
import { countChanges, permissionsToSave, removeAllOfUser, toggleAll, togglePermission } from '../../domain';
import { useReplication } from '../../app/replication';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';

export type LoadState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready' };
export interface RoundRef {
  mrId: string;
  mrName: string;
}

/**
 * The matrix being edited: loaded from the server (online only, nothing stored on the device), changed in
 * memory with the §4 permission rules, saved as one schema-checked POST.
 */
export function usePermissionEditor(online: boolean) {
  const replication = useReplication();
  const db = useDb();
  const stored = useObservable(() => db.rounds.find({ sort: [{ mrName: 'asc' }] }).$, [], [db]);
  const [load, setLoad] = useState<LoadState>({ kind: 'loading' });
  const [server, setServer] = useState<PermissionData>({ roles: [], users: [], permissions: [] });
  const [list, setList] = useState<Permission[]>([]);
  const [users, setUsers] = useState<string[]>([]);
  // the ETag of the loaded matrix: a save sends it as If-Match, so another admin's changes are never overwritten
  const [etag, setEtag] = useState<string | undefined>();

  const reload = useCallback(async () => {
    setLoad({ kind: 'loading' });
    try {
      const { data, etag: loadedEtag } = await replication.loadPermissions();
      setEtag(loadedEtag);
      setServer(data);
      setList(data.permissions);
      setUsers(data.users);
      setLoad({ kind: 'ready' });
    } catch (e) {
      setLoad({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
    }
  }, [replication]);
  useEffect(() => {
    if (online) void reload();
  }, [online, reload]);

  // Rounds of the device and of the permissions: an admin may grant a round not stored here yet.
  const rounds = useMemo<RoundRef[]>(() => {
    const byId = new Map<string, string>(stored.map((r) => [r.mrId, r.mrName]));
    for (const p of server.permissions) if (!byId.has(p.mrId)) byId.set(p.mrId, p.mrName ?? p.mrId);
    return [...byId.entries()]
      .map(([mrId, mrName]) => ({ mrId, mrName }))
      .sort((a, b) => a.mrName.localeCompare(b.mrName, 'de', { numeric: true }));
  }, [stored, server.permissions]);

  const changes = countChanges(list);
  const newUsers = users.filter((u) => !server.users.includes(u));
  const dirty = changes.added + changes.removed + newUsers.length > 0;

  return {
    load,
    reload,
    roles: server.roles,
    rounds,
    users,
    list,
    changes,
    newUsers,
    dirty,
    toggle: (p: Permission) => setList((l) => togglePermission(l, p)),
    toggleAll: (cells: Permission[]) => setList((l) => toggleAll(l, cells)),
    removeUser: (username: string) => setList((l) => removeAllOfUser(l, username)),
    addUser: (username: string) => setUsers((u) => [...u, username]),
    /** back to the matrix as loaded (leaving without saving) */
    discard: () => {
      setList(server.permissions);
      setUsers(server.users);
    },
    save: async () => {
      await replication.savePermissions({ roles: server.roles, users, permissions: permissionsToSave(list) }, etag);
      await reload();
    },
  };
}
export type PermissionEditor = ReturnType<typeof usePermissionEditor>;
