import { MySqlDialect } from 'drizzle-orm/mysql-core';
import { describe, expect, it } from 'vitest';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { inIds } from '@bedriftstorget/api/listing/search';

/**
 * A plan's candidate ids written into the statement as literals (decision 155): only ids of the
 * UUID's exact form; anything else is bound as a parameter, so no id can write SQL.
 */
const render = (ids: string[]) => new MySqlDialect().sqlToQuery(inIds(listings.id, ids));

describe('inIds', () => {
  it('writes UUIDs as quoted literals, in the text drizzle writes for inArray', () => {
    const ids = ['0b6f1d9e-8a41-4f1e-9c55-2f6f3c2a9e01', 'F0E1D2C3-B4A5-4968-8776-655443322110'];
    expect(render(ids)).toEqual({ sql: `\`listings\`.\`id\` in ('${ids[0]}', '${ids[1]}')`, params: [] });
  });

  it('binds anything else as parameters, the whole list', () => {
    const forged = ["x') OR 1=1 -- ", '0b6f1d9e-8a41-4f1e-9c55-2f6f3c2a9e01'];
    expect(render(forged)).toMatchObject({ sql: '`listings`.`id` in (?, ?)', params: forged });
    expect(render(['0b6f1d9e-8a41-4f1e-9c55-2f6f3c2a9e01\n'])).toMatchObject({ params: ['0b6f1d9e-8a41-4f1e-9c55-2f6f3c2a9e01\n'] });
    expect(render([]).sql).not.toContain("'");
  });
});
