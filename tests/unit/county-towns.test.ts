/**
 * A county stands for its towns in browse's place filter, whatever the case or spaces typed, and a
 * former county for the towns of the counties that hold its land now. The tables are lower-cased
 * once (places.ts, former-counties.ts): these answers must be what the table says.
 */
import { describe, expect, it } from 'vitest';
import { counties, townCounties, townsOfCounty } from '@bedriftstorget/core/listing/places';
import { currentCountiesOf } from '@bedriftstorget/core/listing/former-counties';

const townsIn = (...counties: string[]) => Object.entries(townCounties).filter(([, county]) => counties.includes(county)).map(([town]) => town);

describe('the counties', () => {
  it("are the table's counties, each once, in the order Intl sorts them in Norwegian", () => {
    const fromTable = [...new Set(Object.values(townCounties))];
    expect([...counties].sort()).toEqual([...fromTable].sort());
    expect(counties).toEqual([...fromTable].sort((a, b) => a.localeCompare(b, 'nb')));
  });
});

describe('the towns of a county', () => {
  it('are the table\'s towns, in its order, whatever the case and spaces typed', () => {
    expect(townsOfCounty('Vestland')).toEqual(['Bergen', 'Førde', 'Voss', 'Stord', 'Odda']);
    expect(townsOfCounty(' vestLAND ')).toEqual(townsOfCounty('Vestland'));
    expect(townsOfCounty('MØRE OG ROMSDAL')).toEqual(townsIn('Møre og Romsdal'));
    expect(townsOfCounty('østfold')).toEqual(townsIn('Østfold'));
  });

  it('of a former county are those of the counties that hold its land now', () => {
    expect(currentCountiesOf(' hordaland')).toEqual(['Vestland']);
    expect(currentCountiesOf('VIKEN')).toEqual(['Akershus', 'Buskerud', 'Østfold']);
    expect(townsOfCounty('viken')).toEqual(townsIn('Akershus', 'Buskerud', 'Østfold'));
    expect(townsOfCounty('Vestfold og Telemark')).toEqual(townsIn('Vestfold', 'Telemark'));
  });

  it('are none for a town or an unknown name', () => {
    expect(townsOfCounty('Bergen')).toEqual([]);
    expect(townsOfCounty('Atlantis')).toEqual([]);
    expect(currentCountiesOf('Bergen')).toEqual([]);
    expect(currentCountiesOf('')).toEqual([]);
  });
});
