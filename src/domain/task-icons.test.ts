import { describe, expect, it } from 'vitest';
import { resolveTaskIcon, type TaskIcon } from './task-icons';

describe('§3 stationTaskTypes icon', () => {
  it.each<[string | undefined, TaskIcon | undefined]>([
    ['wrench', { kind: 'glyph', glyph: 'wrench' }],
    ['battery', { kind: 'glyph', glyph: 'battery' }],
    ['fa-wrench', { kind: 'glyph', glyph: 'wrench' }],
    ['fa fa-battery-half', { kind: 'glyph', glyph: 'battery' }],
    ['fas fa-exclamation-triangle', { kind: 'glyph', glyph: 'alert' }],
    ['bi-lightning', { kind: 'glyph', glyph: 'bolt' }],
    ['glyphicon-trash', { kind: 'glyph', glyph: 'trash' }],
    ['fa-calendar-o', { kind: 'glyph', glyph: 'calendar' }],
    ['  Tint ', { kind: 'glyph', glyph: 'droplet' }],
    ['https://example.org/icons/pump.svg', { kind: 'image', src: 'https://example.org/icons/pump.svg' }],
    ['/icons/pump.png', { kind: 'image', src: '/icons/pump.png' }],
    ['data:image/png;base64,AAAA', { kind: 'image', src: 'data:image/png;base64,AAAA' }],
    ['rocket', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j', (icon, expected) => {
    expect(resolveTaskIcon(icon)).toEqual(expected);
  });
});
