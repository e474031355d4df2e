import type { FieldPacket } from 'mysql2';

/** A column as PlanetScale's HTTP API describes it (Vitess `query.Field`, JSON-encoded). */
export interface VitessField {
  name: string;
  type: string;
  table?: string;
  orgTable?: string;
  database?: string;
  orgName?: string;
  columnLength?: number;
  charset?: number;
  flags?: number;
}

/** The binary "charset": @planetscale/database turns such values into Uint8Array. */
export const BINARY_CHARSET = 63;
const UNSIGNED = 32;
const ENUM = 256;
const SET = 2048;

/** MySQL protocol column types (include/field_types.h) → Vitess type names, signed and unsigned. */
const INTEGER_TYPES: Record<number, [string, string]> = {
  1: ['INT8', 'UINT8'],
  2: ['INT16', 'UINT16'],
  3: ['INT32', 'UINT32'],
  8: ['INT64', 'UINT64'],
  9: ['INT24', 'UINT24'],
};
const OTHER_TYPES: Record<number, string> = {
  0: 'DECIMAL', 246: 'DECIMAL',
  4: 'FLOAT32', 5: 'FLOAT64',
  6: 'NULL_TYPE',
  7: 'TIMESTAMP', 10: 'DATE', 11: 'TIME', 12: 'DATETIME', 13: 'YEAR',
  16: 'BIT', 245: 'JSON', 255: 'GEOMETRY',
};

type MysqlField = FieldPacket & { columnType?: number; characterSet?: number; extendedFormat?: string };

function vitessType(field: MysqlField): string {
  const code = field.columnType ?? field.type ?? 253;
  const flags = Number(field.flags ?? 0);
  const binary = field.characterSet === BINARY_CHARSET;
  const integer = INTEGER_TYPES[code];
  if (integer) return integer[flags & UNSIGNED ? 1 : 0];
  if (OTHER_TYPES[code]) return OTHER_TYPES[code];
  // MariaDB sends JSON as LONGTEXT, marked only in its extended metadata.
  if (field.extendedFormat === 'json') return 'JSON';
  if (flags & ENUM) return 'ENUM';
  if (flags & SET) return 'SET';
  if (code === 252 || (code >= 249 && code <= 251)) return binary ? 'BLOB' : 'TEXT';
  if (code === 254) return binary ? 'BINARY' : 'CHAR';
  return binary ? 'VARBINARY' : 'VARCHAR';
}

export function toVitessField(field: FieldPacket): VitessField {
  const f = field as MysqlField;
  return {
    name: f.name,
    type: vitessType(f),
    table: f.table,
    orgTable: f.orgTable,
    database: f.db,
    orgName: f.orgName,
    columnLength: f.columnLength,
    charset: f.characterSet,
    flags: Number(f.flags ?? 0),
  };
}

/** A row as the API sends it: byte lengths (-1 for NULL) and the values' bytes concatenated, base64. */
export function encodeRow(values: (Buffer | null)[]): { lengths: string[]; values: string } {
  return {
    lengths: values.map((value) => String(value === null ? -1 : value.length)),
    values: Buffer.concat(values.filter((value): value is Buffer => value !== null)).toString('base64'),
  };
}
