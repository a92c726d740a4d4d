import { useConfig } from '../../db/reference-hooks';
import { resolveTaskIcon, type TaskGlyph } from '../../domain/task-icons';

const GLYPH_PATHS: Record<TaskGlyph, string> = {
  wrench:
    'M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9z',
  battery: 'M3 7h15a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zM22 11v2M6 10v4M10 10v4',
  alert: 'M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01',
  check: 'M20 6 9 17l-5-5',
  flag: 'M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1zM4 22v-7',
  bolt: 'M13 2 3 14h9l-1 8 10-12h-9l1-8z',
  droplet: 'M12 2.7l5.7 5.6a8 8 0 1 1-11.3 0z',
  info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-4M12 8h.01',
  calendar: 'M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM16 2v4M8 2v4M3 10h18',
  trash: 'M3 6h18M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6M9 6V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2',
  camera:
    'M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zm8 2a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
};

/**
 * The configured icon of a station task type (§3 stationTaskTypes: taskType, color, icon), drawn in the
 * type's colour; decorative, since the type's name is always written next to it. Nothing for a type without
 * a known icon.
 */
export function TaskTypeIcon({ taskType, className = 'size-4' }: { taskType: string; className?: string }) {
  const configured = useConfig().stationTaskTypes.find((x) => x.taskType === taskType);
  const icon = resolveTaskIcon(configured?.icon);
  if (!icon) return null;
  if (icon.kind === 'image')
    return (
      <img
        src={icon.src}
        alt=""
        aria-hidden="true"
        className={`inline-block shrink-0 ${className}`}
        data-task-icon={taskType}
      />
    );
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`inline-block shrink-0 ${className}`}
      fill="none"
      stroke={configured?.color ?? 'currentColor'}
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-task-icon={taskType}
      data-glyph={icon.glyph}
    >
      <path d={GLYPH_PATHS[icon.glyph]} />
    </svg>
  );
}
