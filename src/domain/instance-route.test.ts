import { describe, expect, it } from 'vitest';
import { instancePath, instanceRoute, isScreenOf, type InstanceRef } from './instance-route';

const base = { instanceId: 'a1b2', mrName: 'Talsperre Nord/Süd', date: '2026-11-23' };
const indoor: InstanceRef = { ...base, mode: 'indoor' };
const outdoor: InstanceRef = { ...base, mode: 'outdoor' };
const meteo: InstanceRef = { ...base, mode: 'meteo', date: '2026-11-01' };

describe('instanceRoute', () => {
  it.each<[InstanceRef, string]>([
    [indoor, '/stations/Talsperre Nord/Süd/2026-11-23'],
    [outdoor, '/mobile/a1b2'],
    [meteo, '/meteo/Talsperre Nord/Süd/2026-11-01'],
  ])('%o → %s', (instance, path) => expect(instancePath(instanceRoute(instance))).toBe(path));
});

describe('isScreenOf', () => {
  it.each<[string, InstanceRef, boolean]>([
    ['/stations/Talsperre%20Nord%2FS%C3%BCd/2026-11-23', indoor, true],
    ['/stations/Talsperre Nord/Süd/2026-11-23', indoor, true],
    ['/stations/Talsperre%20Nord%2FS%C3%BCd/2026-11-24', indoor, false],
    ['/', indoor, false],
    ['/stations/%E0%A4%A/2026-11-23', indoor, false],
    // a tour's own screens do not all show the outcome: the toast still tells it
    ['/mobile/a1b2', outdoor, false],
    ['/stations/Talsperre Nord/Süd/2026-11-23', outdoor, false],
    // any day of the meteo month shows the month
    ['/meteo/Talsperre%20Nord%2FS%C3%BCd/2026-11-17', meteo, true],
    ['/meteo/Talsperre Nord/Süd/2026-12-01', meteo, false],
    ['/stations/Talsperre Nord/Süd/2026-11-01', meteo, false],
    ['/meteo/Talsperre Nord/Süd/x', meteo, false],
  ])('%s (%o) → %s', (path, instance, expected) => expect(isScreenOf(path, instance)).toBe(expected));
});
