import { describe, expect, it } from 'vitest';
import type { LocalConfig } from '../../db/reference-hooks';
import { hasUnsavedChanges, toForm, toStored, type SettingsForm } from './settings-form';

const SERVER = { time: '12:00' };
const form = (over: Partial<SettingsForm> = {}): SettingsForm => ({
  mode: 1,
  defaultTime: SERVER.time,
  virtualKeyboard: false,
  printBeforeSave: false,
  ...over,
});

describe('settings form', () => {
  it.each<[LocalConfig, SettingsForm]>([
    [{}, form()],
    [
      { defaultTime: '07:30', virtualKeyboard: true, printBeforeSave: true },
      form({ defaultTime: '07:30', virtualKeyboard: true, printBeforeSave: true }),
    ],
    [{ mode: 2, virtualKeyboard: false }, form({ mode: 2 })],
  ])('shows %j as %j', (stored, expected) => {
    expect(toForm(stored, SERVER)).toEqual(expected);
  });

  it.each<[SettingsForm, LocalConfig]>([
    [form(), {}],
    [form({ defaultTime: '', printBeforeSave: true }), { printBeforeSave: true }],
    [form({ defaultTime: '07:30', virtualKeyboard: true }), { defaultTime: '07:30', virtualKeyboard: true }],
    [form({ mode: 2 }), { mode: 2 }],
  ])('stores %j as %j', (f, stored) => {
    expect(toStored(f, SERVER)).toEqual(stored);
  });

  it.each<[SettingsForm, LocalConfig, boolean]>([
    [form(), {}, false],
    // clearing the time means the server's default, which is what is stored
    [form({ defaultTime: '' }), {}, false],
    [form({ defaultTime: '07:30' }), {}, true],
    [form({ defaultTime: '07:30' }), { defaultTime: '07:30' }, false],
    [form({ defaultTime: '07:45' }), { defaultTime: '07:30' }, true],
    [form(), { defaultTime: '07:30' }, true],
    [form({ virtualKeyboard: true }), {}, true],
    [form({ printBeforeSave: true }), { printBeforeSave: false }, true],
    [
      form({ virtualKeyboard: true, printBeforeSave: true }),
      { virtualKeyboard: true, printBeforeSave: true, mode: 1 },
      false,
    ],
    [form({ mode: 2 }), {}, true],
    [form({ mode: 2 }), { mode: 2 }, false],
  ])('%j against stored %j: unsaved %s', (f, stored, expected) => {
    expect(hasUnsavedChanges(f, stored, SERVER)).toBe(expected);
  });
});

describe('mode against the server default', () => {
  const MODE_2 = { ...SERVER, mode: 2 as const };
  it('follows a server in mode 2 and stores only a difference', () => {
    expect(toForm({}, MODE_2).mode).toBe(2);
    expect(toStored(form({ mode: 2 }), MODE_2)).toEqual({});
    expect(toStored(form({ mode: 1 }), MODE_2)).toEqual({ mode: 1 });
    expect(hasUnsavedChanges(form({ mode: 1 }), {}, MODE_2)).toBe(true);
  });
});

describe('print before saving against the server default (config printBeforeSave)', () => {
  const PRINTS = { ...SERVER, printBeforeSave: true };
  it('shows the server default until the device chose', () => {
    expect(toForm({}, PRINTS).printBeforeSave).toBe(true);
    expect(toForm({ printBeforeSave: false }, PRINTS).printBeforeSave).toBe(false);
  });
  it('stores only a choice that differs from the server, also "off"', () => {
    expect(toStored(form({ printBeforeSave: true }), PRINTS)).toEqual({});
    expect(toStored(form({ printBeforeSave: false }), PRINTS)).toEqual({ printBeforeSave: false });
    expect(hasUnsavedChanges(form({ printBeforeSave: false }), {}, PRINTS)).toBe(true);
    expect(hasUnsavedChanges(form({ printBeforeSave: false }), { printBeforeSave: false }, PRINTS)).toBe(false);
  });
});
