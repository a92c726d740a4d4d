import { describe, expect, it } from 'vitest';
import type { LocalConfig } from '../../db/reference-hooks';
import { hasUnsavedChanges, toForm, toStored, type SettingsForm } from './settings-form';

const SERVER = '12:00';
const form = (over: Partial<SettingsForm> = {}): SettingsForm => ({
  mode: 1,
  defaultTime: SERVER,
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
  it('follows a server in mode 2 and stores only a difference', () => {
    expect(toForm({}, SERVER, 2).mode).toBe(2);
    expect(toStored(form({ mode: 2 }), SERVER, 2)).toEqual({});
    expect(toStored(form({ mode: 1 }), SERVER, 2)).toEqual({ mode: 1 });
    expect(hasUnsavedChanges(form({ mode: 1 }), {}, SERVER, 2)).toBe(true);
  });
});
