/**
 * §3 config stationTaskTypes: each type may name an `icon`. Configs written for other clients name icons in
 * the styles of common icon fonts (`wrench`, `fa-wrench`, `fa fa-battery-half`, `bi-lightning`), or give an
 * image address. This reads either into one of the glyphs the app draws itself (no icon font: offline, no
 * emoji font needed) or an image; an unknown name gives nothing and the type's colour dot stands alone.
 */
export const TASK_GLYPHS = [
  'wrench',
  'battery',
  'alert',
  'check',
  'flag',
  'bolt',
  'droplet',
  'info',
  'calendar',
  'trash',
  'camera',
] as const;
export type TaskGlyph = (typeof TASK_GLYPHS)[number];

const ALIASES: Record<string, TaskGlyph> = {
  wrench: 'wrench',
  tool: 'wrench',
  tools: 'wrench',
  screwdriver: 'wrench',
  maintenance: 'wrench',
  build: 'wrench',
  wartung: 'wrench',
  battery: 'battery',
  'battery-full': 'battery',
  'battery-half': 'battery',
  'battery-empty': 'battery',
  'battery-quarter': 'battery',
  'battery-three-quarters': 'battery',
  batterie: 'battery',
  accu: 'battery',
  alert: 'alert',
  warning: 'alert',
  exclamation: 'alert',
  'exclamation-triangle': 'alert',
  'triangle-exclamation': 'alert',
  'alert-triangle': 'alert',
  check: 'check',
  ok: 'check',
  done: 'check',
  'check-circle': 'check',
  'check-square': 'check',
  flag: 'flag',
  bolt: 'bolt',
  power: 'bolt',
  zap: 'bolt',
  lightning: 'bolt',
  flash: 'bolt',
  plug: 'bolt',
  droplet: 'droplet',
  drop: 'droplet',
  tint: 'droplet',
  water: 'droplet',
  info: 'info',
  'info-circle': 'info',
  'circle-info': 'info',
  calendar: 'calendar',
  'calendar-check': 'calendar',
  event: 'calendar',
  trash: 'trash',
  delete: 'trash',
  remove: 'trash',
  'trash-can': 'trash',
  camera: 'camera',
  photo: 'camera',
  image: 'camera',
};

export type TaskIcon = { kind: 'glyph'; glyph: TaskGlyph } | { kind: 'image'; src: string };

export function resolveTaskIcon(icon: string | undefined): TaskIcon | undefined {
  const raw = icon?.trim() ?? '';
  if (raw === '') return undefined;
  if (/^(https?:\/\/|\/|data:image\/)/i.test(raw)) return { kind: 'image', src: raw };
  // the last class of "fa fa-wrench" / "fas fa-wrench", without the font's prefix and its outline suffix
  const name = (raw.split(/\s+/).pop() ?? '')
    .toLowerCase()
    .replace(/^(fa[srlbd]?|bi|mdi|glyphicon|icon|ti|material-icons)-/, '')
    .replace(/-o$|-outline$/, '');
  const glyph = ALIASES[name];
  return glyph ? { kind: 'glyph', glyph } : undefined;
}
