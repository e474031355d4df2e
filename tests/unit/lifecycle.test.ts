import { describe, expect, it } from 'vitest';
import { cardBadges } from '@bedriftstorget/core/listing/rules';
import { ownStatusLabel } from '@bedriftstorget/core/listing/labels';
import { adminStatusLabels } from '@bedriftstorget/core/texts/admin';

const now = Date.parse('2026-11-23T12:00:00Z');
const old = '2026-01-01T00:00:00Z';

describe('badges and labels of the listing lifecycle', () => {
  it("shows 'Under bud' only on an active listing marked by its owner, after 'Solgt' and before 'Ny' and 'Populær', two at most", () => {
    expect(cardBadges({ status: 'active', createdAt: old, views: 0, leadsCount: 0, underOffer: true }, now)).toEqual(['Under bud']);
    expect(cardBadges({ status: 'active', createdAt: old, views: 0, leadsCount: 0, underOffer: false }, now)).toEqual([]);
    expect(cardBadges({ status: 'sold', createdAt: old, views: 0, leadsCount: 0, underOffer: true }, now)).toEqual(['Solgt']);
    expect(cardBadges({ status: 'active', createdAt: '2026-11-20T00:00:00Z', views: 500, leadsCount: 0, underOffer: true }, now)).toEqual(['Under bud', 'Ny']);
  });

  it("calls an expired listing 'Utløpt' for its owner and for staff", () => {
    expect(ownStatusLabel('expired')).toBe('Utløpt');
    expect(adminStatusLabels.expired).toBe('Utløpt');
  });
});
