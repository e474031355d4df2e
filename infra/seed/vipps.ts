import type { vippsIdentities } from '@bedriftstorget/core/auth/vipps.sql';
import { LOCAL_CLIENT, TEST_PEOPLE, fullName, pairwiseSub } from '../local/vipps/people';

/**
 * The demo seller is 'Verifisert med Vipps' as the local Vipps's Kari Nordmann: the same
 * pairwise `sub` the local Vipps gives the app, so 'Logg inn med Vipps' as her signs in as the demo
 * seller. The demo buyer is not verified (they can try 'Verifiser deg med Vipps' as Per Kjøper).
 */
export function demoSellerVerification(sellerId: string, now: Date): typeof vippsIdentities.$inferInsert {
  const kari = TEST_PEOPLE.find((person) => person.id === 'kari-nordmann')!;
  return { userId: sellerId, sub: pairwiseSub(kari.id, LOCAL_CLIENT.clientId), verifiedName: fullName(kari), verifiedPhone: `+${kari.phone}`, verifiedAt: now };
}
