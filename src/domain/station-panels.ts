import type { Config } from '../../schemas/api';

/** What a station opens below its rows (table) or in its own sections (tour). */
export type StationPanel = 'tasks' | 'facilities' | 'copy';

/**
 * The config flag that may take a panel away (§3 post* flags): without the flag the server takes no new task or
 * facility changes from this screen. Duplicating a station posts readings, which are never switched off.
 */
const OFFERED_WHEN: Record<StationPanel, 'postStationTasks' | 'postStationFacilities' | null> = {
  tasks: 'postStationTasks',
  facilities: 'postStationFacilities',
  copy: null,
};

/** Until the device's config is read no flag is known: only the panels no flag can take away are offered. */
export const BEFORE_CONFIG_READ: Pick<Config, 'postStationTasks' | 'postStationFacilities'> = {
  postStationTasks: false,
  postStationFacilities: false,
};

/** The station panels offered under this config, in the order the station header shows them. */
export function offeredStationPanels(
  config: Pick<Config, 'postStationTasks' | 'postStationFacilities'>,
): StationPanel[] {
  return (Object.keys(OFFERED_WHEN) as StationPanel[]).filter((panel) => {
    const flag = OFFERED_WHEN[panel];
    return flag === null || config[flag];
  });
}
