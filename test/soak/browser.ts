import type { SoakServer } from './soak-server';
import type { SoakReport } from './report';

export async function browserSoak(_server: SoakServer, _opts: { seed: number; rounds: number; log?: (l: string) => void }): Promise<NonNullable<SoakReport['browser']>> {
  return { rounds: 0, values: 0, stored: 0, falseSentClaims: 0, faults: 0 };
}
