import { describe, expect, it } from 'vitest';
import type { LocalConfig } from '../../db/reference-hooks';
import { hasUnsavedChanges, toForm, toStored, type SettingsForm } from './settings-form';

const SERVER = '12:00';
const form = (over: Partial<SettingsForm> = {}): SettingsForm => ({ defaultTime: SERVER, virtualKeyboard: false, printBeforeSave: false, ...over });

describe('settings form', () => {
  it.each<[LocalConfig, SettingsForm]>([
    [{}, form()],
    [{ defaultTime: '07:30', virtualKeyboard: true, printBeforeSave: true }, form({ defaultTime: '07:30', virtualKeyboard: true, printBeforeSave: true })],
    // a mode 2 stored by an older version is not offered and dropped on the next save
    [{ mode: 2, virtualKeyboard: false }, form()],
  ])('shows %j as %j', (stored, expected) => {
    expect(toForm(stored, SERVER)).toEqual(expected);
  });

  it.each<[SettingsForm, LocalConfig]>([
    [form(), {}],
    [form({ defaultTime: '', printBeforeSave: true }), { printBeforeSave: true }],
    [form({ defaultTime: '07:30', virtualKeyboard: true }), { defaultTime: '07:30', virtualKeyboard: true }],
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
    [form({ virtualKeyboard: true, printBeforeSave: true }), { virtualKeyboard: true, printBeforeSave: true, mode: 1 }, false],
  ])('%j against stored %j: unsaved %s', (f, stored, expected) => {
    expect(hasUnsavedChanges(f, stored, SERVER)).toBe(expected);
  });
});
