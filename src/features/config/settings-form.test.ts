import { describe, expect, it } from 'vitest';
import type { LocalConfig } from '../../db/reference-hooks';
import { hasUnsavedChanges, toForm, toStored, type SettingsForm } from './settings-form';

describe('settings form', () => {
  it.each<[LocalConfig, SettingsForm]>([
    [{}, { virtualKeyboard: false, printBeforeSave: false }],
    [{ defaultTime: '07:30', virtualKeyboard: true, printBeforeSave: true }, { defaultTime: '07:30', virtualKeyboard: true, printBeforeSave: true }],
    // a mode 2 stored by an older version is not offered and dropped on the next save
    [{ mode: 2, virtualKeyboard: false }, { virtualKeyboard: false, printBeforeSave: false }],
  ])('shows %j as %j', (stored, form) => {
    expect(toForm(stored)).toEqual(form);
  });

  it.each<[SettingsForm, LocalConfig]>([
    [{ virtualKeyboard: false, printBeforeSave: false }, {}],
    [{ defaultTime: '', virtualKeyboard: false, printBeforeSave: true }, { printBeforeSave: true }],
    [{ defaultTime: '07:30', virtualKeyboard: true, printBeforeSave: false }, { defaultTime: '07:30', virtualKeyboard: true }],
  ])('stores %j as %j', (form, stored) => {
    expect(toStored(form)).toEqual(stored);
  });

  it.each<[SettingsForm, LocalConfig, boolean]>([
    [{ virtualKeyboard: false, printBeforeSave: false }, {}, false],
    [{ defaultTime: '', virtualKeyboard: false, printBeforeSave: false }, {}, false],
    [{ defaultTime: '07:30', virtualKeyboard: false, printBeforeSave: false }, {}, true],
    [{ defaultTime: '07:30', virtualKeyboard: false, printBeforeSave: false }, { defaultTime: '07:30' }, false],
    [{ defaultTime: '07:45', virtualKeyboard: false, printBeforeSave: false }, { defaultTime: '07:30' }, true],
    [{ virtualKeyboard: true, printBeforeSave: false }, {}, true],
    [{ virtualKeyboard: false, printBeforeSave: true }, { printBeforeSave: false }, true],
    [{ virtualKeyboard: true, printBeforeSave: true }, { virtualKeyboard: true, printBeforeSave: true, mode: 1 }, false],
  ])('%j against stored %j: unsaved %s', (form, stored, expected) => {
    expect(hasUnsavedChanges(form, stored)).toBe(expected);
  });
});
